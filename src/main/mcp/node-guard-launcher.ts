/**
 * The guard as a Node child process (child_process.fork with an IPC channel), under plain
 * Node: the test host, tests and the torture campaign. Node runs the guard's TypeScript
 * itself (type stripping, Node 22.18 and later), so a guard starts as fast as plain Node;
 * an older Node runs it through the project's tsx loader.
 * Never used by the packaged app: with the runAsNode fuse off, fork() would start a second
 * Alpine (see electron/utility-guard-launcher.ts).
 */
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { GuardLauncher } from "./guard-launcher";

const GUARD_SOURCE = path.join("src", "main", "mcp", "guard", "mcp-guard.ts");

export class GuardNotFoundError extends Error {
  override name = "GuardNotFoundError";
  constructor(from: string) {
    super(`The MCP guard (${GUARD_SOURCE}) was not found in ${from} or any folder above it; run from the project's folder, or give the service a guard launcher.`);
  }
}

/** The guard's source, found from this module upwards (this code may run from a bundle under out/ or node_modules/.cache/). */
export function findGuardSource(from = import.meta.dirname): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, GUARD_SOURCE);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(folder) === folder) throw new GuardNotFoundError(from);
  }
}

/** Nothing where Node strips types itself; else the tsx loader of the project the guard is in. */
function typeScriptArgs(guardModule: string): string[] {
  if ((process.features as { typescript?: string }).typescript) return [];
  const projectRoot = path.resolve(path.dirname(guardModule), "..", "..", "..", "..");
  return ["--import", pathToFileURL(path.join(projectRoot, "node_modules", "tsx", "dist", "loader.mjs")).href];
}

export function nodeGuardLauncher(guardModule?: string): GuardLauncher {
  let module = guardModule;
  return {
    launch(events) {
      module ??= findGuardSource();
      // execArgv: not the parent's (a test's own loader); "advanced": bytes travel as bytes.
      const child = fork(module, [], { stdio: ["ignore", "ignore", "pipe", "ipc"], serialization: "advanced", execArgv: typeScriptArgs(module) });
      child.once("spawn", () => events.spawn());
      child.on("message", (message) => events.message(message as never));
      child.once("exit", (code) => events.exit(code));
      child.on("error", (error) => events.stderr(`the guard process failed: ${error.message}\n`));
      child.stderr!.setEncoding("utf8").on("data", (text: string) => events.stderr(text));
      return {
        get pid() {
          return child.pid;
        },
        send: (message) => {
          if (child.connected) child.send(message);
        },
        kill: () => void child.kill("SIGTERM"),
      };
    },
  };
}
