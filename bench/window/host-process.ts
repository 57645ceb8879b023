/**
 * The test host in its own process, as the app's main process would be: the real service
 * on a data folder, serving the built window. Stopped by its own pid with SIGTERM.
 */
import { spawn } from "node:child_process";
import path from "node:path";

export interface HostProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * `bundle`: run the bundled test host (out/test-host, see scripts/build-test-host.mjs) with plain
 * Node, as the app's main process runs bundled code; by default the TypeScript source through tsx.
 * `requestTimes`: the file the host appends each request's time in the service to (test-host-cli.ts).
 * `renderer`: the built window to serve (default out/renderer; the bundled host only).
 * `port`: a fixed port (default any free one): the same origin launch after launch, as the app's `app://alpine`.
 * `compileCache`: the folder of Node's compile cache, kept from launch to launch as the app's main process keeps its own (compile-cache.ts).
 * The host prints its address as soon as it listens, before its service is open: a service that
 * then cannot start makes it exit 1, which is reported here with its stderr.
 */
export function startHostProcess(
  root: string,
  dataFolder: string,
  modelUrl: string,
  options: { bundle?: string; requestTimes?: string; port?: number; renderer?: string; compileCache?: string } = {},
): Promise<HostProcess> {
  const host = options.bundle
    ? [options.bundle, "--renderer", options.renderer ?? path.join(root, "out/renderer")]
    : ["--import", "tsx", path.join(root, "test/support/test-host-cli.ts")];
  const times = options.requestTimes ? ["--request-times", options.requestTimes] : [];
  const port = options.port ? ["--port", String(options.port)] : [];
  const compileCache = options.compileCache ? ["--compile-cache", options.compileCache] : [];
  const child = spawn(process.execPath, [...host, "--data", dataFolder, "--model-url", modelUrl, ...times, ...port, ...compileCache], {
    cwd: root,
    env: launchEnvironment(process.env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    let stdout = "";
    const timer = setTimeout(() => fail("printed no address within 60 s"), 60_000);
    const fail = (why: string) => {
      clearTimeout(timer);
      if (child.exitCode === null) child.kill("SIGKILL");
      reject(new Error(`The test host ${why}. Its stderr: ${stderr.trim() || "(empty)"}`));
    };
    const onEarlyExit = (code: number | null) => fail(`exited with ${code} before it was ready`);
    child.once("exit", onEarlyExit);
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      const line = stdout.split("\n").find((l) => l.trim().startsWith("{") && l.trim().endsWith("}"));
      if (!line) return;
      clearTimeout(timer);
      child.off("exit", onEarlyExit);
      child.stdout.resume();
      let stopping = false;
      child.once("exit", (code) => {
        if (!stopping && code !== 0) console.error(`The test host exited with ${code} after it listened (its service could not start?). Its stderr: ${stderr.trim() || "(empty)"}`);
      });
      resolve({
        url: (JSON.parse(line) as { url: string }).url,
        stop: () => {
          stopping = true;
          if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGTERM");
          return exited;
        },
      });
    });
  });
}

/**
 * The host's environment: the bench's, without NODE_EXTRA_CA_CERTS. Node reads and parses that
 * bundle of certificates at every start, before any code of ours runs (a system bundle of 220 KB:
 * ~60 ms here); a machine whose network goes through an inspecting proxy needs it, a person's
 * desktop does not, and the host speaks to the model server over loopback HTTP.
 */
export function launchEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _certificates, ...rest } = env;
  return rest;
}
