/**
 * The test host as a child process: the real service on a data folder, serving the built
 * window and carrying the IPC contract over a WebSocket. The renderer is built first if
 * the test run has not built it yet.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startReadyChild, type ReadyChild } from "./child-process";

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const HOST_CLI = path.join(REPO_ROOT, "test/support/test-host-cli.ts");
/**
 * `npm test` bundles the host once before the tests (scripts/test.mjs), the way the launch
 * benchmark runs it, and names the bundle here: each start then skips compiling the service's
 * TypeScript again (about a second on a busy machine, a hundred starts a run). A lone
 * `vitest run` starts the source, so an edit is always what runs.
 */
const HOST_BUNDLE = process.env.ALPINE_E2E_HOST_BUNDLE;

export interface TestHost extends ReadyChild<{ url: string }> {
  url: string;
}

export interface TestHostOptions {
  dataFolder: string;
  modelUrl: string;
  /** Start without an API key. */
  noKey?: boolean;
  port?: number;
  /** What the folder dialog answers (the app shows a native one). */
  chooseFolder?: string;
  /** Offer the model `slow_lookup`, which appends a line to this file each time a call starts. */
  slowToolMarker?: string;
}

export async function startTestHost(options: TestHostOptions): Promise<TestHost> {
  await ensureRendererBuilt();
  const host = HOST_BUNDLE ? [HOST_BUNDLE, "--renderer", path.join(REPO_ROOT, "out/renderer")] : ["--import", "tsx", HOST_CLI];
  const args = [...host, "--data", options.dataFolder, "--model-url", options.modelUrl];
  if (options.port !== undefined) args.push("--port", String(options.port));
  if (options.noKey) args.push("--no-key");
  if (options.chooseFolder) args.push("--choose-folder", options.chooseFolder);
  if (options.slowToolMarker) args.push("--slow-tool", options.slowToolMarker);
  const child = await startReadyChild<{ url: string }>(args, { cwd: REPO_ROOT, what: "test host" });
  return { ...child, url: child.ready.url };
}

const INDEX = path.join(REPO_ROOT, "out/renderer/index.html");
const BUILD_LOCK = path.join(REPO_ROOT, "out/.renderer-build-lock");

/**
 * `npm test` builds before the tests run; a lone `vitest run test/e2e` builds here, once:
 * the first test file to get here builds, the others wait for its index.html.
 */
export async function ensureRendererBuilt(): Promise<void> {
  if (fs.existsSync(INDEX)) return;
  fs.mkdirSync(path.dirname(BUILD_LOCK), { recursive: true });
  let owner = false;
  try {
    fs.mkdirSync(BUILD_LOCK);
    owner = true;
  } catch {
    // Another test file is building.
  }
  if (owner) {
    try {
      const result = spawnSync(path.join(REPO_ROOT, "node_modules/.bin/electron-vite"), ["build"], { cwd: REPO_ROOT, stdio: "inherit" });
      if (result.status !== 0) throw new Error("electron-vite build failed, so there is no window to test");
    } finally {
      fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
    }
    return;
  }
  const deadline = Date.now() + 180_000;
  while (!fs.existsSync(INDEX)) {
    if (!fs.existsSync(BUILD_LOCK)) throw new Error("the other build of the window ended without out/renderer/index.html");
    if (Date.now() > deadline) throw new Error("waited 3 minutes for another test file to build the window");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
