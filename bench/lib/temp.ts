/** A scratch folder per suite, removed when the suite ends. */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export async function withTempFolder<T>(fn: (folder: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "alpine-bench-"));
  try {
    return await fn(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
