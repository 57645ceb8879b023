/**
 * The Electron layer's update wiring with electron-updater's own code (its DebUpdater: the
 * feed check, the version comparison, the download into its cache, the sha512 check) against
 * a local feed on 127.0.0.1, and the service's updates behind it.
 *
 * What differs from the packaged app, because the Electron binary cannot run here:
 * electron-updater is given an app adapter (what `app` would answer), its HTTP executor sends
 * its requests with Node's http instead of Electron's `net` (its download and checksum code
 * are unchanged), and `quitAndInstall`
 * (which runs the system's installer) is recorded rather than run.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { DebUpdater, type AppUpdater } from "electron-updater";
import type { AppAdapter } from "electron-updater/out/AppAdapter";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UpdateStatus } from "../../src/shared/update-types";
import { openService, type ServiceFixture } from "../service/helpers";
import { resetFakeElectron } from "./fake-electron";
import { startUpdateFeed, type UpdateFeedServer } from "./update-feed-server";

vi.mock("electron", () => import("./fake-electron"));

const { wireUpdates } = await import("../../src/main/electron/updates");
const require = createRequire(import.meta.url);
const { ElectronHttpExecutor } = require("electron-updater/out/electronHttpExecutor") as {
  ElectronHttpExecutor: new (login: null) => { createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void): unknown };
};

/** electron-updater's own HTTP executor (its download with the sha512 check), over Node's http instead of Electron's net. */
class NodeTransportExecutor extends ElectronHttpExecutor {
  constructor() {
    super(null);
  }
  override createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void) {
    return http.request(options, callback);
  }
}

const CURRENT = "1.0.0";
let work: string;
let feed: UpdateFeedServer;
let fixture: ServiceFixture;
let installs: number;

beforeEach(async () => {
  resetFakeElectron();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-update-"));
  feed = await startUpdateFeed({ version: "1.1.0", currentVersion: CURRENT });
  fixture = await openService();
  installs = 0;
});
afterEach(async () => {
  await fixture.close();
  await feed.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** electron-updater's Linux .deb updater, as the packaged app would create it, on the local feed. */
function createUpdater(): AppUpdater {
  const configFile = path.join(work, "app-update.yml");
  fs.writeFileSync(configFile, `provider: generic\nurl: ${feed.url}\nupdaterCacheDirName: alpine-updater\n`);
  const app: AppAdapter = {
    version: CURRENT,
    name: "Alpine",
    isPackaged: true,
    appUpdateConfigPath: configFile,
    userDataPath: path.join(work, "user-data"),
    baseCachePath: path.join(work, "cache"),
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  };
  const updater = new DebUpdater(null, app);
  (updater as unknown as { httpExecutor: unknown }).httpExecutor = new NodeTransportExecutor();
  updater.quitAndInstall = () => void installs++;
  return updater;
}

function wire(updater = createUpdater()) {
  const consoleWarn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  wireUpdates({ updater, updates: fixture.service.updates, shutdown: () => fixture.service.shutdown(), quit: () => {} });
  return { updater, restore: () => (consoleWarn.mockRestore(), consoleError.mockRestore()) };
}

const statusEvents = () => fixture.log.events.filter((e) => e.type === "update_status").map((e) => (e as { status: UpdateStatus }).status);
const settled = (phase: UpdateStatus["phase"]) => fixture.log.next((e) => e.type === "update_status" && e.status.phase === phase);
const cachedFiles = () => {
  const folder = path.join(work, "cache", "alpine-updater", "pending");
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

describe("updates through electron-updater and a local feed", () => {
  it("finds the newer version, downloads it in the background with progress, and checks its sha512", async () => {
    const { restore } = wire();
    expect(await fixture.call<UpdateStatus>("updates:check")).toMatchObject({ version: "1.1.0" });
    await settled("downloaded");
    const phases = statusEvents().map((s) => s.phase);
    expect(phases.slice(0, 3)).toEqual(["idle", "checking", "available"]);
    expect(phases.at(-1)).toBe("downloaded");
    const progress = statusEvents().filter((s) => s.phase === "downloading");
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.progress).toMatchObject({ total: feed.artifact.length });
    expect(feed.requests).toEqual(expect.arrayContaining([expect.stringMatching(/^\/latest.*\.yml$/), "/alpine_1.1.0_amd64.deb"]));
    // The verified download is in electron-updater's cache, byte for byte.
    const debs = cachedFiles().filter((name) => name.endsWith(".deb"));
    expect(debs).toHaveLength(1);
    expect(fs.readFileSync(path.join(work, "cache", "alpine-updater", "pending", debs[0])).equals(feed.artifact)).toBe(true);
    restore();
  });

  it("says it is up to date when the feed has the running version", async () => {
    feed.mode = "up-to-date";
    const { restore } = wire();
    expect(await fixture.call<UpdateStatus>("updates:check")).toMatchObject({ phase: "up-to-date", currentVersion: "test" });
    expect(feed.requests.filter((r) => r.endsWith(".deb"))).toEqual([]);
    restore();
  });

  it("refuses a download whose sha512 does not match the feed, with a clear message, and installs nothing", async () => {
    feed.mode = "wrong-hash";
    const { restore } = wire();
    await fixture.call("updates:check");
    const failed = (await settled("error")) as { status: UpdateStatus };
    expect(failed.status.message).toMatch(/update to Alpine 1\.1\.0 was refused: the downloaded file does not match the checksum/);
    expect(failed.status.message).toMatch(/nothing was installed/);
    expect(statusEvents().some((s) => s.phase === "downloaded")).toBe(false);
    expect(cachedFiles().filter((name) => name.endsWith(".deb"))).toEqual([]);
    expect(await fixture.request("updates:install", { stopRuns: true })).toMatchObject({ ok: false, error: { name: "UpdateNotReadyError" } });
    expect(installs).toBe(0);
    restore();
  });

  it("a server that fails mid-download: the error says so, nothing is installed, and the next check downloads it", async () => {
    feed.mode = "fails-mid-download";
    const { restore } = wire();
    await fixture.call("updates:check");
    const failed = (await settled("error")) as { status: UpdateStatus };
    expect(failed.status.message).toMatch(/could not be downloaded|failed/);
    expect(failed.status.message).toMatch(/Nothing was installed/);
    expect(statusEvents().some((s) => s.phase === "downloaded")).toBe(false);

    feed.mode = "good";
    const after = fixture.log.count;
    await fixture.call("updates:check");
    await fixture.log.next((e) => e.type === "update_status" && e.status.phase === "downloaded", after);
    restore();
  });

  it("installs only after the clean shutdown, with the run in progress aborted and saved first", async () => {
    const updater = createUpdater();
    let shutDown = false;
    let shutWhenInstalled: boolean | null = null;
    updater.quitAndInstall = () => {
      shutWhenInstalled = shutDown;
      installs++;
    };
    const consoleWarn = vi.spyOn(console, "warn").mockImplementation(() => {});
    wireUpdates({
      updater,
      updates: fixture.service.updates,
      shutdown: async () => {
        await fixture.service.shutdown();
        shutDown = true;
      },
      quit: () => {},
    });
    await fixture.call("updates:check");
    await settled("downloaded");
    fixture.model.script({ hang: true, text: "Half a repl" });
    const { id } = await fixture.call("runs:start", { text: "A long reply" });
    await fixture.log.step(id, "text_delta");

    expect(await fixture.call("updates:install", { stopRuns: false })).toEqual({ installing: false, running: [id] });
    expect(installs).toBe(0);
    expect(await fixture.call("updates:install", { stopRuns: true })).toEqual({ installing: true, running: [] });
    await vi.waitFor(() => expect(installs).toBe(1));
    expect(shutWhenInstalled).toBe(true);
    expect(fixture.log.steps(id, "run_end").at(-1)).toMatchObject({ stoppedBy: "aborted" });
    consoleWarn.mockRestore();
  });
});
