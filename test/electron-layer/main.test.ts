/**
 * The entry point under a stand-in electron module: one instance at a time; when ready,
 * the service on the user-data folder, the app:// protocol, IPC for every channel, the
 * window, and quitting through the service's shutdown.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { AppUpdater } from "electron-updater";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requestSchemas } from "../../src/shared/ipc-contract";
import { menuItems } from "../../src/main/electron/app-menu-template";
import * as electron from "./fake-electron";
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol } from "./fake-electron";
import { useAppEntryScratch } from "./app-entry-scratch";
import { provideElectronToRequire } from "./electron-for-require";
import { startUpdateFeed, type UpdateFeedServer } from "./update-feed-server";

vi.mock("electron", () => import("./fake-electron"));

/*
 * electron-updater is the real package, loaded by Node as the app loads it; it requires the
 * stand-in electron, reads app-update.yml from the resources folder like a packaged app, and
 * checks a local feed that has the running version (9.9.9). On Linux its updater is the
 * AppImage one, active only in an AppImage (APPIMAGE names the running file).
 */
let feed: UpdateFeedServer;
let electronForRequire: { restore(): void };
let resources: string;
let autoUpdater: AppUpdater;
const processWithResources = process as Omit<NodeJS.Process, "resourcesPath"> & { resourcesPath?: string };
beforeAll(async () => {
  feed = await startUpdateFeed({ version: "9.9.9", currentVersion: "9.9.9" });
  feed.mode = "up-to-date";
  resources = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-resources-"));
  fs.writeFileSync(path.join(resources, "app-update.yml"), `provider: generic\nurl: ${feed.url}\nupdaterCacheDirName: alpine-updater-test\n`);
  processWithResources.resourcesPath = resources;
  process.env.APPIMAGE = path.join(resources, "Alpine.AppImage");
  electronForRequire = provideElectronToRequire(electron);
  autoUpdater = (createRequire(import.meta.url)("electron-updater") as { autoUpdater: AppUpdater }).autoUpdater;
});
afterAll(async () => {
  electronForRequire.restore();
  delete processWithResources.resourcesPath;
  delete process.env.APPIMAGE;
  await feed.close();
  fs.rmSync(resources, { recursive: true, force: true });
});
/** How many times the updater asked the feed for its latest*.yml. */
const feedChecks = () => feed.requests.filter((request) => /^\/latest.*\.yml$/.test(request)).length;
// A test can hold the service's start (main.ts loads app-service.ts by import() after creating the window).
const serviceGate = vi.hoisted(() => ({ held: null as Promise<void> | null, begun: 0 }));
vi.mock("../../src/main/electron/app-service", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/main/electron/app-service")>();
  return {
    ...original,
    openAppService: async (...args: Parameters<typeof original.openAppService>) => {
      serviceGate.begun++;
      await serviceGate.held;
      return original.openAppService(...args);
    },
  };
});

const scratch = useAppEntryScratch(() => {
  // The updater is one per process: the listeners a launch wired go with it.
  autoUpdater.removeAllListeners();
  delete process.env.ALPINE_SQLITE_BINDING;
});

/** A fresh copy of main.ts per test (its top level is what runs at launch). */
let launches = 0;
const launchMain = () => import(/* @vite-ignore */ `../../src/main/electron/main.ts?launch=${++launches}`);

const exitCode = () =>
  new Promise<number>((resolve) => {
    const original = app.exit.bind(app);
    app.exit = (code = 0) => {
      original(code);
      resolve(code);
    };
  });

describe("main", () => {
  it("starts the service on the user-data folder, serves app://, answers IPC, and quits through shutdown", async () => {
    const exited = exitCode();
    await launchMain();
    const window = await BrowserWindow.next();

    expect(protocol.privileged).toHaveLength(1);
    expect(protocol.handlers.has("app")).toBe(true);
    expect(window.loadedUrl).toBe("app://alpine/index.html");
    expect(window.options.webPreferences.preload).toMatch(/preload[\\/]index\.cjs$/);
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.keys(requestSchemas).sort());

    const from = { sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } };
    expect(await ipcMain.invoke("app:info", {}, from)).toMatchObject({ ok: true, value: { version: "9.9.9", dataFolder: scratch.userData } });
    // The language setting "system" means the system's preferred languages, handed to the window with the launch answer.
    app.preferredSystemLanguages = ["de-AT", "en-US"];
    expect(await ipcMain.invoke("app:info", {}, from)).toMatchObject({ ok: true, value: { systemLanguages: ["de-AT", "en-US"] } });
    expect(fs.existsSync(path.join(scratch.userData, "alpine.db"))).toBe(true);

    // A second launch focuses this window.
    app.emit("second-instance", {}, [process.execPath], process.cwd());
    expect(window.focused).toBe(1);

    expect(app.emitWithEvent("before-quit").defaultPrevented).toBe(true);
    expect(await exited).toBe(0);
    // The service is shut: requests are refused from now on.
    expect(await ipcMain.invoke("conversations:list", {}, from)).toMatchObject({ ok: false, error: { name: "ServiceShuttingDownError" } });
  });

  it("creates the window before the service opens; a request the window sends meanwhile is answered once it is", async () => {
    let release!: () => void;
    serviceGate.held = new Promise<void>((resolve) => (release = resolve));
    try {
      const exited = exitCode();
      await launchMain();
      const window = await BrowserWindow.next();
      expect(window.loadedUrl).toBe("app://alpine/index.html");
      const from = { sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } };
      const launch = ipcMain.invoke("app:launch", { listLimit: 10, tail: 5 }, from);
      // The service has not opened its database yet: the request waits for it.
      expect(fs.existsSync(path.join(scratch.userData, "alpine.db"))).toBe(false);

      release();
      expect(await launch).toMatchObject({ ok: true, value: { list: { items: [], total: 0 }, open: null, info: { dataFolder: scratch.userData } } });
      expect(fs.existsSync(path.join(scratch.userData, "alpine.db"))).toBe(true);
      expect(app.emitWithEvent("before-quit").defaultPrevented).toBe(true);
      expect(await exited).toBe(0);
    } finally {
      release();
      serviceGate.held = null;
    }
  });

  it("begins opening the service once the window's page is served (the page with the kept screen paints first)", async () => {
    BrowserWindow.holdPageRequests = true;
    const begun = serviceGate.begun;
    await launchMain();
    const window = await BrowserWindow.next();
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(serviceGate.begun).toBe(begun);
    await window.askForPage();
    await vi.waitFor(() => expect(serviceGate.begun).toBe(begun + 1));
    const from = { sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } };
    expect(await ipcMain.invoke("app:info", {}, from)).toMatchObject({ ok: true, value: { dataFolder: scratch.userData } });
  });

  it("a second launch brings back a minimized window, and does nothing once the window is gone", async () => {
    await launchMain();
    const window = await BrowserWindow.next();
    window.minimized = true;
    app.emit("second-instance", {}, [process.execPath], process.cwd());
    expect(window.restored).toBe(1);
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(1);
    app.emit("second-instance", {}, [process.execPath], process.cwd());
    expect(window.restored).toBe(1);
    expect(window.focused).toBe(2);
    window.destroyed = true;
    app.emit("second-instance", {}, [process.execPath], process.cwd());
    expect(window.focused).toBe(2);
  });

  it("chooses the folder with a dialog on the window; a cancelled dialog changes nothing", async () => {
    await launchMain();
    const window = await BrowserWindow.next();
    const from = { sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } };
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-folder-"));
    try {
      dialog.chosen = folder;
      expect(await ipcMain.invoke("settings:chooseFolder", {}, from)).toMatchObject({ ok: true, value: { folder } });
      expect(dialog.opened).toEqual([{ parent: window, options: expect.objectContaining({ properties: ["openDirectory"] }) }]);
      dialog.chosen = null;
      expect(await ipcMain.invoke("settings:chooseFolder", {}, from)).toMatchObject({ ok: true, value: { folder } });
      expect(await ipcMain.invoke("settings:get", {}, from)).toMatchObject({ ok: true, value: { folder } });
      expect(dialog.opened).toHaveLength(2);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("a second instance quits at once and opens nothing", async () => {
    app.singleInstance = false;
    await launchMain();
    expect(app.quitCalls).toBe(1);
    expect(BrowserWindow.instances).toHaveLength(0);
    expect(ipcMain.handlers.size).toBe(0);
  });

  it("says why when it cannot start, and exits", async () => {
    fs.writeFileSync(path.join(scratch.userData, "alpine.db"), "this is not a database, and it must stay as it is");
    const exited = exitCode();
    await launchMain();
    const [title, message] = await dialog.nextError();
    expect(title).toBe("Alpine cannot start");
    expect(message).toContain("alpine.db");
    expect(await exited).toBe(1);
    expect(fs.readFileSync(path.join(scratch.userData, "alpine.db"), "utf8")).toBe("this is not a database, and it must stay as it is");
  });

  it("a packaged build: its own menu without Reload or developer tools, no developer tools in the window", async () => {
    app.isPackaged = true;
    await launchMain();
    const window = await BrowserWindow.next();
    expect(window.options.webPreferences.devTools).toBe(false);
    const roles = menuItems(Menu.applied!.template).map((item) => item.role);
    expect(roles).toEqual(expect.arrayContaining(["editMenu", "copy", "paste", "selectAll", "zoomIn", "windowMenu"]));
    expect(roles).not.toContain("reload");
    expect(roles).not.toContain("toggleDevTools");
  });

  it("a packaged build checks for updates at launch and from the menu, which shows the updates in the window", async () => {
    app.isPackaged = true;
    const checksBefore = feedChecks();
    await launchMain();
    const window = await BrowserWindow.next();
    await vi.waitFor(() => expect(feedChecks()).toBe(checksBefore + 1));
    expect(autoUpdater.autoInstallOnAppQuit).toBe(false);
    const from = { sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } };
    await vi.waitFor(async () =>
      expect(await ipcMain.invoke("updates:status", {}, from)).toMatchObject({ ok: true, value: { phase: "up-to-date", currentVersion: "9.9.9" } }),
    );

    const item = menuItems(Menu.applied!.template).find((entry) => entry.id === "check-for-updates")!;
    (item.click as () => void)();
    await vi.waitFor(() => expect(feedChecks()).toBe(checksBefore + 2));
    expect(window.webContents.sent.map(([, event]) => (event as { type: string }).type)).toContain("show_updates");
  });

  it("run from source, updates say they are off and nothing is checked", async () => {
    const checksBefore = feedChecks();
    await launchMain();
    const window = await BrowserWindow.next();
    const from = { sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } };
    expect(await ipcMain.invoke("updates:check", {}, from)).toMatchObject({ ok: true, value: { phase: "unsupported", message: expect.stringMatching(/runs from source/) } });
    expect(feedChecks()).toBe(checksBefore);
  });

  it("run from source: the menu has Reload and the developer tools", async () => {
    await launchMain();
    const window = await BrowserWindow.next();
    expect(window.options.webPreferences.devTools).toBe(true);
    expect(menuItems(Menu.applied!.template).map((item) => item.role)).toEqual(expect.arrayContaining(["reload", "toggleDevTools"]));
  });

  it("a packaged build never loads a native module from ALPINE_SQLITE_BINDING", async () => {
    const planted = path.join(scratch.userData, "planted.node");
    fs.writeFileSync(planted, "not a native module: loading it would fail");
    process.env.ALPINE_SQLITE_BINDING = planted;
    app.isPackaged = true;
    await launchMain();
    const window = await BrowserWindow.next();
    const from = { sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } };
    expect(await ipcMain.invoke("conversations:list", {}, from)).toMatchObject({ ok: true });
    expect(dialog.errors).toEqual([]);
  });

  it("run from source, ALPINE_SQLITE_BINDING is the module it loads", async () => {
    const planted = path.join(scratch.userData, "planted.node");
    fs.writeFileSync(planted, "not a native module: loading it fails");
    process.env.ALPINE_SQLITE_BINDING = planted;
    const exited = exitCode();
    await launchMain();
    const [title, message] = await dialog.nextError();
    expect(title).toBe("Alpine cannot start");
    expect(message.length).toBeGreaterThan(0);
    expect(await exited).toBe(1);
  });
});
