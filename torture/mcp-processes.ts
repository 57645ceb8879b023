/**
 * No MCP server outlives the app that started it: after the app is killed with SIGKILL its
 * guard sees the app gone (its IPC channel closed) and ends the server's process group;
 * after a clean end the app stops it. The counting server appends its pid to a file at
 * start; the campaign waits, after each child ended, until every pid it has not yet seen
 * gone has exited.
 */
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { isProcessAlive } from "../src/main/agent";

/** The guard ends a server 1 s after its app is gone (SIGTERM), 3 s at the latest (SIGKILL); the rest is slack for a loaded machine. */
export const SERVER_EXIT_WAIT_MS = 20_000;

export function serverPids(pidFile: string): number[] {
  if (!existsSync(pidFile)) return [];
  return readFileSync(pidFile, "utf8")
    .split("\n")
    .map(Number)
    .filter((pid) => Number.isSafeInteger(pid) && pid > 0);
}

/**
 * Waits until every pid (from the pid file, plus `more`) outside `gone` has exited; adds the
 * ones that did to `gone` and returns those still alive after `waitMs`.
 */
export async function waitForServersGone(pidFile: string, more: readonly number[], gone: Set<number>, waitMs = SERVER_EXIT_WAIT_MS): Promise<number[]> {
  const pending = [...new Set([...serverPids(pidFile), ...more])].filter((pid) => !gone.has(pid));
  const deadline = Date.now() + waitMs;
  for (;;) {
    for (const pid of pending) if (!isProcessAlive(pid) || isZombie(pid)) gone.add(pid);
    const alive = pending.filter((pid) => !gone.has(pid));
    if (alive.length === 0 || Date.now() >= deadline) return alive;
    await sleep(100);
  }
}

/** An exited process nobody has reaped yet (an orphan whose new parent does not reap) still answers signal 0. */
export function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z";
  } catch {
    return false; // no /proc (not Linux) or gone already
  }
}
