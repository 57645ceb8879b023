/**
 * What the test host's tests open, closed after each test in reverse order: temporary folders,
 * model servers and whatever a test adds with `cleanups.push`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { startModelServer, type ModelServer } from "../support/model-server";

export const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function model(): Promise<ModelServer> {
  const server = await startModelServer();
  cleanups.push(() => server.close());
  return server;
}
