/**
 * Stdio MCP servers' guards on Electron's utility processes: the packaged app's runAsNode
 * fuse is off, so the app cannot start itself as Node (ELECTRON_RUN_AS_NODE is ignored and
 * the child would be a second Alpine); Electron's fuses guide points to utility processes.
 * A utility process's stdin cannot be piped (stdio configures stdout and stderr only), so
 * the server's stdio travels as messages: child.postMessage here, process.parentPort in the
 * guard. The guard's own stderr is piped into the server's log.
 * https://www.electronjs.org/docs/latest/tutorial/fuses#runasnode
 * https://www.electronjs.org/docs/latest/api/utility-process
 */
import path from "node:path";
import type { ForkOptions, UtilityProcess } from "electron";
import { type GuardLauncher, readLoginShellEnvironment, type ServerLaunch } from "../mcp";

/** utilityProcess.fork's shape (the app passes Electron's; callable only once the app is ready). */
export type UtilityFork = (modulePath: string, args?: string[], options?: ForkOptions) => UtilityProcess;

/** Where electron-vite writes the guard's bundle, beside the main process's (electron.vite.config.ts). */
export function guardBundlePath(appPath: string): string {
  return path.join(appPath, "out", "main", "mcp-guard.js");
}

export function utilityGuardLauncher(fork: UtilityFork, guardModule: string): GuardLauncher {
  return {
    launch(events) {
      const child = fork(guardModule, [], { stdio: ["ignore", "ignore", "pipe"], serviceName: "Alpine MCP server guard" });
      let exited = false;
      child.once("spawn", () => events.spawn());
      child.on("message", (message) => events.message(message));
      child.once("exit", (code) => {
        exited = true;
        events.exit(code);
      });
      child.stderr?.on("data", (chunk: Buffer | string) => events.stderr(String(chunk)));
      return {
        get pid() {
          return child.pid;
        },
        send: (message) => {
          if (!exited) child.postMessage(message);
        },
        kill: () => void child.kill(),
      };
    },
  };
}

/** How the app starts servers: guards on utility processes, in the login shell's environment (read at the first server start, once). */
export function appServerLaunch(fork: UtilityFork, appPath: string, platform: NodeJS.Platform = process.platform): ServerLaunch {
  let environment: Promise<Record<string, string> | null> | null = null;
  return {
    guards: utilityGuardLauncher(fork, guardBundlePath(appPath)),
    environment: () => (environment ??= readLoginShellEnvironment({ platform })),
  };
}
