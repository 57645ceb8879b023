/**
 * A later launch's host keeps its compiled code, as the app's main process does (compile-cache.ts):
 * started with a compile cache, the host leaves Node's compiled code of the service there, and the
 * next start reads it back (nothing is compiled and written again). A first launch passes none.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHostProcess } from "../../bench/window/host-process";
import { startModelServer, type ModelServer } from "../support/model-server";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

let folder: string | null = null;
let server: ModelServer | null = null;
// Vitest's coverage turns Node's compile cache off for every process started under it
// (NODE_DISABLE_COMPILE_CACHE=1, inherited by the host); the app's main process has no such variable.
const coverageSetting = process.env.NODE_DISABLE_COMPILE_CACHE;
beforeAll(() => {
  delete process.env.NODE_DISABLE_COMPILE_CACHE;
});
afterAll(() => {
  if (coverageSetting !== undefined) process.env.NODE_DISABLE_COMPILE_CACHE = coverageSetting;
});
afterEach(async () => {
  await server?.close();
  server = null;
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
  folder = null;
});

/** Every file under `dir` with its modification time. */
function filesIn(dir: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.set(full, fs.statSync(full).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return found;
}

/** The host started and stopped once its service has opened (a request through the socket opens it). */
async function launchOnce(dataFolder: string, compileCache: string): Promise<void> {
  const host = await startHostProcess(ROOT, dataFolder, server!.url, { compileCache });
  try {
    const answer = await fetch(new URL("/", host.url));
    expect(answer.status).toBe(200);
    await answer.text();
  } finally {
    await host.stop();
  }
}

describe("the benchmark's host with a compile cache", () => {
  it("writes the service's compiled code at its first start and reads it back at the next", { timeout: 120_000 }, async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-host-cache-"));
    server = await startModelServer();
    const dataFolder = path.join(folder, "data");
    fs.mkdirSync(dataFolder);
    const cache = path.join(folder, "Host Compile Cache");
    await launchOnce(dataFolder, cache);
    const written = filesIn(cache);
    expect(written.size).toBeGreaterThan(0);
    await launchOnce(dataFolder, cache);
    expect(filesIn(cache)).toEqual(written);
  });
});
