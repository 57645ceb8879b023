/**
 * A scratch folder per suite, removed when the suite ends, and also when the run is stopped
 * (Ctrl+C, a kill by TERM or HUP) or exits early: a suite may hold a gigabyte of files.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const live = new Set<string>();
let handlersInstalled = false;

function removeLive(): void {
  for (const folder of live) rmSync(folder, { recursive: true, force: true });
  live.clear();
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on("exit", removeLive);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      removeLive();
      process.kill(process.pid, signal); // the default action once the folders are gone
    });
  }
}

export async function withTempFolder<T>(fn: (folder: string) => Promise<T>): Promise<T> {
  installHandlers();
  const folder = mkdtempSync(path.join(os.tmpdir(), "alpine-bench-"));
  live.add(folder);
  try {
    return await fn(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
    live.delete(folder);
  }
}
