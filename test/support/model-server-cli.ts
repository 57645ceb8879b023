/**
 * Runs a scripted model server as its own process:
 *   node --import tsx test/support/model-server-cli.ts [--port N] [--echo] [--delay-ms N]
 * Prints one JSON line {"url": "..."} on stdout once listening; script it over /_control/*
 * (see model-server-control.ts). `--echo` answers every unscripted request with the last user
 * message text. Exits 0 on SIGTERM or SIGINT.
 */
import { parseArgs } from "node:util";
import { echoReply } from "./model-server-echo";
import { startModelServer } from "./model-server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    echo: { type: "boolean", default: false },
    "delay-ms": { type: "string", default: "0" },
  },
});
const port = Number(values.port);
const delayMs = Number(values["delay-ms"]);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, got ${values.port}`);
if (!(delayMs >= 0)) throw new Error(`--delay-ms must be a number >= 0, got ${values["delay-ms"]}`);

const server = await startModelServer({ port, fallback: values.echo ? echoReply(delayMs) : null });
process.stdout.write(JSON.stringify({ url: server.url }) + "\n");

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
