/**
 * What the app loads before its first screen, seen in the bundled test host (built as the main
 * process is, run by plain Node): the packages it imports are logged as they are resolved
 * (test/support/import-log), so the test reads what was loaded, never how long anything took.
 * The model SDK, the MCP SDK and pg are loaded at their first use, not to show the first screen.
 * Node's built-ins are taken from the process, never imported (each import made a module facade).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../support/model-server";
import { connectTestSocket, type TestSocket } from "../support/websocket-test-client";
import { makeTempDir, removeDir } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OUT = path.join(ROOT, "out", `test-host-imports-${process.pid}`);
const LATER = ["@anthropic-ai/sdk", "@modelcontextprotocol/sdk", "pg", "electron-updater"];

let model: ModelServer;
let dataFolder: string;
let host: ChildProcess | null = null;
let socket: TestSocket | null = null;
let log: string;

beforeAll(async () => {
  const built = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-test-host.mjs"), "--out-dir", OUT], { cwd: ROOT, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`The test host could not be bundled: ${built.stderr}`);
  model = await startModelServer();
  dataFolder = makeTempDir();
  log = path.join(dataFolder, "imports.log");
  host = spawn(process.execPath, ["--import", path.join(ROOT, "test/support/import-log/register.mjs"), path.join(OUT, "test-host-cli.mjs"), "--data", path.join(dataFolder, "data"), "--model-url", model.url, "--renderer", path.join(ROOT, "out/renderer")], {
    cwd: ROOT,
    env: { ...process.env, ALPINE_IMPORT_LOG: log },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = await new Promise<{ url: string; wsUrl: string }>((resolve, reject) => {
    let out = "";
    host!.once("exit", (code) => reject(new Error(`The test host exited with ${code} before it was ready.`)));
    host!.stdout!.on("data", (chunk) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line));
    });
  });
  socket = await connectTestSocket(ready.wsUrl, new URL(ready.url).origin);
}, 120_000);

afterAll(async () => {
  socket?.close();
  if (host && host.exitCode === null) {
    const exited = new Promise((resolve) => host!.once("exit", resolve));
    process.kill(host.pid!, "SIGTERM");
    await exited;
  }
  await model?.close();
  if (dataFolder) removeDir(dataFolder);
  fs.rmSync(OUT, { recursive: true, force: true });
});

const loaded = () => fs.readFileSync(log, "utf8").split("\n").filter(Boolean);
const loadedAny = (name: string) => loaded().some((specifier) => specifier === name || specifier.startsWith(`${name}/`));

describe("the bundled host's imports", () => {
  it("shows the first screen without the model SDK, the MCP SDK, pg or the updater, and loads the model SDK at the first run", async () => {
    // Asked as soon as the host listens: the answer waits for the service to open.
    expect((await socket!.request("app:launch", { listLimit: 50 })).ok).toBe(true);
    expect(loaded()).toContain("better-sqlite3"); // the log works: the database is open
    expect((await socket!.request("conversations:interrupted", {})).ok).toBe(true);
    expect((await socket!.request("app:shown", {})).ok).toBe(true);
    expect(LATER.filter(loadedAny)).toEqual([]);
    // Inside the bundle, not resolved from node_modules file by file at launch (the socket above is ws's).
    expect(["zod", "ws"].filter(loadedAny)).toEqual([]);
    // Node's built-ins taken from the process (scripts/builtins-without-facades.mjs), none by import.
    expect(loaded().filter((specifier) => specifier.startsWith("builtin "))).toEqual([]);

    const started = await socket!.request("runs:start", { text: "Hello" });
    expect(started.ok).toBe(true);
    await socket!.waitForEvent((event) => event.type === "step" && event.event.type === "run_end");
    expect(loadedAny("@anthropic-ai/sdk")).toBe(true);
    expect(["pg", "electron-updater"].filter(loadedAny)).toEqual([]);
  });
});
