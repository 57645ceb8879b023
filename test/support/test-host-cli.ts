/**
 * Start the test host in its own process:
 *   node --import tsx test/support/test-host-cli.ts --data <folder> --model-url <url>
 *        [--port N] [--no-key] [--choose-folder <folder>] [--renderer <folder>] [--max-retries N]
 *        [--slow-tool <marker-file>] [--request-times <file>] [--compile-cache <folder>]
 * `--slow-tool` offers the model `slow_lookup` too (see slow-lookup-tool.ts), to stop the host mid-call.
 * `--request-times` appends a JSON line per answered request: channel, ms from arrival to answer, bytes.
 * `--compile-cache` keeps Node's compile cache in that folder, as the app's main process keeps its own (a later launch's benchmark).
 * Prints one JSON line as soon as it listens: {"url":"http://127.0.0.1:PORT/","wsUrl":"ws://127.0.0.1:PORT/ws","pid":N};
 * the window's files are served from then on, and its requests wait while the service opens.
 * If the service cannot start (e.g. a database it cannot read), the requests get that reason,
 * stderr says it, the pages are told the host goes away, and the process exits 1.
 * SIGTERM or SIGINT shuts the service down (runs aborted and saved), then the process exits 0.
 */
import { parseArgs } from "node:util";
import { listenTestHost } from "./test-host";
import { enableCompileCache } from "../../src/main/electron/compile-cache";

const { values } = parseArgs({
  options: {
    data: { type: "string" },
    "model-url": { type: "string" },
    port: { type: "string" },
    "no-key": { type: "boolean", default: false },
    "choose-folder": { type: "string" },
    renderer: { type: "string" },
    "max-retries": { type: "string" },
    "slow-tool": { type: "string" },
    "request-times": { type: "string" },
    "compile-cache": { type: "string" },
  },
  strict: true,
});

if (!values.data || !values["model-url"]) {
  console.error("Usage: test-host-cli.ts --data <folder> --model-url <url> [--port N] [--no-key] [--choose-folder <folder>] [--slow-tool <marker-file>]");
  process.exit(2);
}

// As the app's main process does (compile-cache.ts): the service's code, loaded once the host listens, compiled at the first launch and read back at later ones.
if (values["compile-cache"]) enableCompileCache(values["compile-cache"]);

const host = await listenTestHost({
  dataFolder: values.data,
  modelUrl: values["model-url"],
  port: values.port ? Number(values.port) : 0,
  apiKey: values["no-key"] ? null : undefined,
  chooseFolder: values["choose-folder"] ?? null,
  rendererFolder: values.renderer,
  maxRetries: values["max-retries"] ? Number(values["max-retries"]) : undefined,
  slowToolMarker: values["slow-tool"],
  requestTimes: values["request-times"],
});

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  host.close().then(
    () => process.exit(0),
    (error) => {
      console.error(`The test host did not shut down cleanly after ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));

process.stdout.write(`${JSON.stringify({ url: host.url, wsUrl: host.wsUrl, pid: process.pid })}\n`);

host.opened.catch(async (error: unknown) => {
  console.error("The test host's service could not start:", error instanceof Error ? error.message : error);
  // Its pages are told the host is going away (the requests they sent were answered with the reason).
  await host.close().catch(() => undefined);
  process.exit(1);
});
