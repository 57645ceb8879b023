/**
 * The entry point under a stand-in electron module: one instance at a time; when ready,
 * the service on the user-data folder, the app:// protocol, IPC for every channel, the
 * window, and quitting through the service's shutdown.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestSchemas } from "../../src/shared/ipc-contract";
import { app, BrowserWindow, dialog, ipcMain, protocol, resetFakeElectron } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

let userData: string;
let signalListeners: { SIGTERM: Function[]; SIGINT: Function[] };
beforeEach(() => {
  resetFakeElectron();
  userData = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
  process.env.ALPINE_USER_DATA = userData;
  signalListeners = { SIGTERM: process.listeners("SIGTERM"), SIGINT: process.listeners("SIGINT") };
});
afterEach(() => {
  // main.ts wires SIGTERM/SIGINT of this process; take those listeners off again.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    for (const listener of process.listeners(signal)) if (!signalListeners[signal].includes(listener)) process.off(signal, listener as never);
  }
  delete process.env.ALPINE_USER_DATA;
  fs.rmSync(userData, { recursive: true, force: true });
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
    expect(await ipcMain.invoke("app:info", {}, from)).toMatchObject({ ok: true, value: { version: "9.9.9", dataFolder: userData } });
    expect(fs.existsSync(path.join(userData, "alpine.db"))).toBe(true);

    // A second launch focuses this window.
    app.emit("second-instance");
    expect(window.focused).toBe(1);

    expect(app.emitWithEvent("before-quit").defaultPrevented).toBe(true);
    expect(await exited).toBe(0);
    // The service is shut: requests are refused from now on.
    expect(await ipcMain.invoke("conversations:list", {}, from)).toMatchObject({ ok: false, error: { name: "ServiceShuttingDownError" } });
  });

  it("a second launch brings back a minimized window, and does nothing once the window is gone", async () => {
    await launchMain();
    const window = await BrowserWindow.next();
    window.minimized = true;
    app.emit("second-instance");
    expect(window.restored).toBe(1);
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(1);
    app.emit("second-instance");
    expect(window.restored).toBe(1);
    expect(window.focused).toBe(2);
    window.destroyed = true;
    app.emit("second-instance");
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
    fs.writeFileSync(path.join(userData, "alpine.db"), "this is not a database, and it must stay as it is");
    const exited = exitCode();
    await launchMain();
    const [title, message] = await dialog.nextError();
    expect(title).toBe("Alpine cannot start");
    expect(message).toContain("alpine.db");
    expect(await exited).toBe(1);
    expect(fs.readFileSync(path.join(userData, "alpine.db"), "utf8")).toBe("this is not a database, and it must stay as it is");
  });
});
