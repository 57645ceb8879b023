/**
 * The guard's side of a server's process: started as the leader of a process group of its
 * own on macOS and Linux (so the server and anything it started, e.g. npx's node, end
 * together), through cmd.exe on Windows; ended as a group (a tree on Windows).
 * Node only (runs in the guard, a utility process or a Node child): no app code here.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { ServerSpec } from "./guard-protocol";
import { windowsCommandLine } from "./windows-command-line.ts";

const isWindows = process.platform === "win32";

export function spawnServer(spec: ServerSpec): ChildProcess {
  const options = { cwd: spec.cwd || undefined, env: spec.env, stdio: "pipe" as const, windowsHide: true };
  if (isWindows) {
    const line = windowsCommandLine(spec.command, spec.args, process.env.ComSpec || "cmd.exe");
    return spawn(line.file, line.args, { ...options, windowsVerbatimArguments: true });
  }
  // detached: a new session and process group led by the server (its pid is the group id).
  return spawn(spec.command, spec.args, { ...options, detached: true });
}

/** Sends `signal` to the server's whole group (tree on Windows); quiet when it is gone already. */
export function signalServerGroup(pid: number, signal: "SIGTERM" | "SIGKILL"): void {
  if (isWindows) {
    // No process groups: taskkill ends the tree (cmd.exe, the batch file's node, ...).
    spawn("taskkill", ["/pid", String(pid), "/T", ...(signal === "SIGKILL" ? ["/F"] : [])], { stdio: "ignore", windowsHide: true }).on("error", () => undefined);
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is empty.
  }
}

/**
 * macOS and Linux: a tiny sh process that ends the server's group when its stdin, a pipe
 * from the guard, closes. The guard's own code cannot run when its process is ended at
 * once (a utility process may be ended the moment the app dies); the kernel closes the
 * pipe however the guard ends, and the sentinel ignores the signals a terminal or a group
 * kill would send it. The guard kills it (SIGKILL) once the server is gone.
 */
const SENTINEL_SCRIPT = `trap '' INT TERM HUP; read -r _; kill -s TERM -- -"$1" 2>/dev/null; sleep 2; kill -s KILL -- -"$1" 2>/dev/null; exit 0`;

export function startSentinel(serverPid: number): ChildProcess | null {
  if (isWindows) return null;
  const sentinel = spawn("/bin/sh", ["-c", SENTINEL_SCRIPT, "alpine-mcp-sentinel", String(serverPid)], { stdio: ["pipe", "ignore", "ignore"] });
  sentinel.on("error", () => undefined);
  sentinel.stdin?.on("error", () => undefined);
  return sentinel;
}
