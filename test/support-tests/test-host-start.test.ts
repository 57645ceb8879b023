/**
 * The test host listens before its service is open, as the app creates its window first: the
 * window's files are served at once, a request sent before the service is open is answered
 * once it is, and a service that cannot start is answered and reported (in process: `opened`
 * rejects, and `startTestHost` too; as a child process: stderr says why and it exits 1).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listenTestHost, startTestHost, type ListeningTestHost } from "../support/test-host";
import { connectTestSocket, type TestSocket } from "../support/websocket-test-client";
import { cleanups, model, tempDir } from "./host-test-cleanups";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const NOT_A_DATABASE = "this is not a database, and it must stay as it is";

function standInWindow(): string {
  const renderer = tempDir();
  fs.writeFileSync(path.join(renderer, "index.html"), "<!doctype html><title>Alpine</title>");
  return renderer;
}

/** A data folder whose database is a file the service cannot open. */
function unreadableDataFolder(): { folder: string; database: string } {
  const folder = path.join(tempDir(), "data");
  fs.mkdirSync(folder, { mode: 0o700 });
  const database = path.join(folder, "alpine.db");
  fs.writeFileSync(database, NOT_A_DATABASE);
  return { folder, database };
}

/** A host whose service opens only when `release()` is called. */
async function heldHost(dataFolder: string, modelUrl: string): Promise<{ host: ListeningTestHost; release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const host = await listenTestHost({ dataFolder, modelUrl, rendererFolder: standInWindow(), beforeServiceOpens: () => held });
  cleanups.push(() => {
    release();
    return host.close();
  });
  return { host, release };
}

async function socket(host: ListeningTestHost): Promise<TestSocket> {
  const connected = await connectTestSocket(host.wsUrl, host.url.replace(/\/$/, ""));
  cleanups.push(() => connected.close());
  return connected;
}

describe("test host start", () => {
  it("serves the window before its service is open, and answers a request sent meanwhile once it is", async () => {
    const dataFolder = path.join(tempDir(), "data");
    const { host, release } = await heldHost(dataFolder, (await model()).url);
    const page = await fetch(`${host.url}?transport=ws`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Alpine</title>");
    const connection = await socket(host);
    const launch = connection.request("app:launch", { listLimit: 20, tail: 10 });
    const settings = connection.request("settings:get", {});
    // The service has not opened its database: the requests wait for it.
    expect(fs.existsSync(path.join(dataFolder, "alpine.db"))).toBe(false);

    release();
    expect(await launch).toMatchObject({ ok: true, value: { list: { items: [], total: 0 }, open: null, info: { dataFolder } } });
    expect(await settings).toMatchObject({ ok: true, value: { hasApiKey: true } });
    const opened = await host.opened;
    expect(opened.service.info().dataFolder).toBe(dataFolder);
    // Events reach a page that connected before the service was open.
    expect((await connection.request("runs:start", { text: "Hello" })).ok).toBe(true);
    await expect(connection.waitForEvent((event) => event.type === "step" && event.event.type === "run_end")).resolves.toBeDefined();
  });

  it("begins opening its service once the window's page is served, not before", async () => {
    const dataFolder = path.join(tempDir(), "data");
    const marks: string[] = [];
    // The wait for the page is made long, so only the page can open the service here, however slow the machine.
    const host = await listenTestHost({ dataFolder, modelUrl: (await model()).url, rendererFolder: standInWindow(), pageWaitMs: 60_000, beforeServiceOpens: async () => void marks.push("service opens") });
    cleanups.push(() => host.close());
    // Turns of the event loop after listening: the service waits for the page.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    marks.push("page asked");
    const page = await fetch(`${host.url}?transport=ws`);
    expect(await page.text()).toContain("<title>Alpine</title>");
    await host.opened;
    expect(marks).toEqual(["page asked", "service opens"]);
  });

  it("a service that cannot start: the waiting request gets the reason, `opened` rejects with it, later requests get it too until the host is closed", async () => {
    const { folder, database } = unreadableDataFolder();
    const { host, release } = await heldHost(folder, (await model()).url);
    const connection = await socket(host);
    const launch = connection.request("app:launch", {});
    release();

    const answer = await launch;
    expect(answer).toMatchObject({ ok: false, error: { message: expect.stringContaining("alpine.db") } });
    await expect(host.opened).rejects.toThrow(/alpine\.db/);
    expect(await connection.request("settings:get", {})).toEqual(answer);
    await host.close();
    await expect(fetch(host.url)).rejects.toThrow();
    expect(fs.readFileSync(database, "utf8")).toBe(NOT_A_DATABASE);
  });

  it("startTestHost rejects with the reason", async () => {
    const { folder } = unreadableDataFolder();
    await expect(startTestHost({ dataFolder: folder, modelUrl: (await model()).url, rendererFolder: standInWindow() })).rejects.toThrow(/alpine\.db/);
  });

  it("as a child process: prints its address at once, then says on stderr that the service could not start, and exits 1", async () => {
    const { folder, database } = unreadableDataFolder();
    const child = spawn(process.execPath, ["--import", "tsx", "test/support/test-host-cli.ts", "--data", folder, "--model-url", (await model()).url, "--renderer", standInWindow()], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));

    expect(code).toBe(1);
    expect(JSON.parse(stdout.split("\n")[0])).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/) });
    expect(stderr).toContain("could not start");
    expect(stderr).toContain("alpine.db");
    expect(fs.readFileSync(database, "utf8")).toBe(NOT_A_DATABASE);
  });
});
