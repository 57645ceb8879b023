/**
 * A node server run inside the guard's own process, on the runtime the guard runs on: in the
 * app that is Electron's Node in a utility process, so a bundle's node server needs no Node
 * installed (the fused app cannot start itself as Node: docs/mcp.md). The server's stdin and stdout are the guard's messages; its stderr is the guard's, which the
 * app keeps in the server's log. Ending the server ends the guard, and the guard's own
 * watch of the app ends it when the app is gone.
 */
import { PassThrough, Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { FromGuard, ServerSpec } from "./guard-protocol";

export interface HostedServer {
  write(data: Uint8Array): void;
  end(): void;
}

export function runServerInThisProcess(spec: ServerSpec, send: (message: FromGuard) => void): HostedServer {
  const [script, ...args] = spec.args;
  if (!script || script.startsWith("-")) {
    send({ type: "failed", message: `a node server runs a script file: ${JSON.stringify(script ?? "")} is not one (options for Node itself are not supported).` });
    process.exit(127);
  }
  const stdin = new PassThrough();
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, done) {
      send({ type: "stdout", data: new Uint8Array(chunk) });
      done();
    },
  });
  Object.defineProperty(process, "stdin", { configurable: true, enumerable: true, get: () => stdin });
  Object.defineProperty(process, "stdout", { configurable: true, enumerable: true, get: () => stdout });
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, spec.env);
  try {
    if (spec.cwd) process.chdir(spec.cwd);
  } catch (error) {
    send({ type: "failed", message: `could not start ${JSON.stringify(script)} in ${JSON.stringify(spec.cwd)}: ${(error as Error).message}` });
    process.exit(127);
  }
  process.argv = [process.argv[0]!, script, ...args];
  send({ type: "spawned", pid: process.pid });
  import(pathToFileURL(script).href).catch((error: unknown) => {
    process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
    process.exit(1);
  });
  return { write: (data) => stdin.write(data), end: () => stdin.end() };
}
