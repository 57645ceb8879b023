/**
 * The tray: its menu as a plain template from what runs and waits (items, states, limits,
 * actions), the icon shown by default on Windows and Linux and by choice on macOS, rebuilt as
 * runs change, and "Keep running in the tray": closing the main window leaves runs going only
 * when chosen, Quit always goes through the one shutdown; through the app's entry with the
 * stand-in electron.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AppEventBus } from "../../src/main/service/app-event-bus";
import { Attention, type AttentionSnapshot } from "../../src/main/service/attention/attention";
import { DEFAULT_DESKTOP_SETTINGS, type DesktopSettings } from "../../src/shared/desktop-types";
import { TRAY_LIST_LIMIT, trayMenuTemplate, trayTooltip, type TrayAction } from "../../src/main/electron/tray-menu-template";
import type { AttentionState } from "../../src/main/service/attention/attention";
import { ENGLISH_WORDS as words } from "../../src/main/service/words/words";
import { useAppEntryScratch } from "./app-entry-scratch";
import { app, BrowserWindow, ipcMain, Menu, resetFakeElectron, Tray } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const { DesktopTray } = await import("../../src/main/electron/desktop-tray");
const { Lifecycle, wireLifecycle } = await import("../../src/main/electron/lifecycle");

const entry = (n: number, state: AttentionState = { kind: "thinking" }) => ({ conversationId: `c${n}`, title: `Conversation ${n}`, state });

describe("the tray menu template", () => {
  it("lists the running conversations with their state and the waiting ones; each item acts", () => {
    const acted: TrayAction[] = [];
    const snapshot: AttentionSnapshot = { running: [entry(1, { kind: "using", tool: "read_file" })], waiting: [entry(2, { kind: "waiting" })], badgeCount: 1 };
    const template = trayMenuTemplate(snapshot, (action) => acted.push(action), { quickEntry: true, words });
    expect(template.map((item) => item.label ?? item.type)).toEqual([
      "New Conversation",
      "Quick Entry",
      "separator",
      "Running (1)",
      "Conversation 1 — Using read_file",
      "separator",
      "Waiting for you (1)",
      "Conversation 2",
      "separator",
      "Show Alpine",
      "Quit Alpine",
    ]);
    for (const item of template) (item.click as (() => void) | undefined)?.();
    expect(acted).toEqual([
      { kind: "new-conversation" },
      { kind: "quick-entry" },
      { kind: "open", conversationId: "c1" },
      { kind: "open", conversationId: "c2" },
      { kind: "show" },
      { kind: "quit" },
    ]);
    expect(trayTooltip(snapshot, words)).toBe("Alpine: 1 running, 1 waiting for you");
  });

  it("nothing running: no lists; many: the first few and how many more; without quick entry, no such item", () => {
    const idle = trayMenuTemplate({ running: [], waiting: [], badgeCount: 0 }, () => {}, { quickEntry: false, words });
    expect(idle.map((item) => item.label ?? item.type)).toEqual(["New Conversation", "separator", "Show Alpine", "Quit Alpine"]);
    expect(trayTooltip({ running: [], waiting: [], badgeCount: 0 }, words)).toBe("Alpine");
    const many = Array.from({ length: TRAY_LIST_LIMIT + 3 }, (_, i) => entry(i));
    const busy = trayMenuTemplate({ running: many, waiting: [], badgeCount: 0 }, () => {}, { quickEntry: false, words });
    expect(busy.filter((item) => item.id?.startsWith("open:"))).toHaveLength(TRAY_LIST_LIMIT);
    expect(busy.find((item) => item.label === "and 3 more…")).toMatchObject({ enabled: false });
  });
});

describe("the tray icon", () => {
  beforeEach(() => resetFakeElectron());
  const make = (platform: NodeJS.Platform) => {
    const bus = new AppEventBus();
    const attention = new Attention(bus, () => DEFAULT_DESKTOP_SETTINGS);
    const acted: TrayAction[] = [];
    const tray = new DesktopTray({ createTray: () => new Tray("icon"), buildMenu: Menu.buildFromTemplate, attention, platform, act: (a) => acted.push(a), quickEntry: false, words: () => words });
    return { bus, tray, acted };
  };

  it("on by default on Windows and Linux, off on macOS unless chosen; the setting adds and removes it", () => {
    for (const platform of ["linux", "win32"] as const) {
      const { tray } = make(platform);
      tray.apply(DEFAULT_DESKTOP_SETTINGS);
      expect(tray.shown, platform).toBe(true);
    }
    const { tray } = make("darwin");
    tray.apply(DEFAULT_DESKTOP_SETTINGS);
    expect(tray.shown).toBe(false);
    tray.apply({ ...DEFAULT_DESKTOP_SETTINGS, tray: true });
    expect(tray.shown).toBe(true);
    const icon = Tray.instances.at(-1)!;
    tray.apply({ ...DEFAULT_DESKTOP_SETTINGS, tray: false });
    expect(icon.destroyed).toBe(true);
    expect(tray.shown).toBe(false);
  });

  it("the menu is set again as runs start, change and end; a click on the icon shows the window", () => {
    const { bus, tray, acted } = make("linux");
    tray.apply(DEFAULT_DESKTOP_SETTINGS);
    const icon = Tray.instances[0];
    bus.emit({ type: "step", conversationId: "c1", event: { type: "run_start", stateId: "c1" } });
    expect(icon.menu!.template.map((i) => i.label)).toContain("Alpine — Starting");
    bus.emit({ type: "step", conversationId: "c1", event: { type: "think_start", stateId: "c1", step: 1 } });
    expect(icon.menu!.template.map((i) => i.label)).toContain("Alpine — Thinking");
    expect(icon.tooltip).toBe("Alpine: 1 running");
    bus.emit({ type: "step", conversationId: "c1", event: { type: "run_end", stateId: "c1", stoppedBy: "end_turn", error: null } });
    expect(icon.menu!.template.map((i) => i.label)).not.toContain("Running (1)");
    icon.emit("click");
    expect(acted).toEqual([{ kind: "show" }]);
  });

  it("keeps the app running on close only when chosen and the tray is there", () => {
    const { tray } = make("darwin");
    tray.apply({ ...DEFAULT_DESKTOP_SETTINGS, keepRunningInTray: true });
    expect(tray.keepsRunning()).toBe(false); // no tray on macOS by default: nothing to come back by
    tray.apply({ ...DEFAULT_DESKTOP_SETTINGS, keepRunningInTray: true, tray: true });
    expect(tray.keepsRunning()).toBe(true);
  });
});

describe("closing the window with the lifecycle", () => {
  beforeEach(() => resetFakeElectron());
  it("kept running: closing the last window ends nothing; Quit still runs the one shutdown", async () => {
    const lifecycle = new Lifecycle();
    const joined: string[] = [];
    lifecycle.onWillShutdown({ name: "runs", join: (reason) => void joined.push(reason) });
    const keep = true;
    wireLifecycle(app, lifecycle, new (await import("node:events")).EventEmitter(), { keepRunningWhenClosed: () => keep });
    app.emit("window-all-closed");
    expect(lifecycle.shuttingDown).toBe(false);
    expect(app.emitWithEvent("before-quit").defaultPrevented).toBe(true);
    await lifecycle.shutdownOnce("quit");
    expect(joined).toEqual(["quit"]);
  });
});

describe("the tray through the app's entry", () => {
  const scratch = useAppEntryScratch();
  let launches = 0;
  const launchWith = async (desktop: Partial<DesktopSettings>) => {
    fs.writeFileSync(path.join(scratch.userData, "settings.json"), JSON.stringify({ version: 1, desktop }));
    await import(/* @vite-ignore */ `../../src/main/electron/main.ts?tray=${++launches}`);
    const window = await BrowserWindow.next();
    const from = { sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } };
    // Answered once the service is open, after which the desktop features are wired.
    await ipcMain.invoke("app:info", {}, from);
    await vi.waitFor(() => expect(Tray.instances.length + (desktop.tray === false ? 1 : 0)).toBeGreaterThan(0));
    return { window, from };
  };
  const exited = () => new Promise<number>((resolve) => (app.exit = (code = 0) => resolve(code)));

  it("kept running in the tray: closing the window leaves the app; Show Alpine makes the window again; Quit ends through the shutdown", async () => {
    const { window } = await launchWith({ tray: true, keepRunningInTray: true });
    const icon = Tray.instances[0];
    window.destroyed = true;
    app.emit("window-all-closed");
    expect(app.exitCalls).toEqual([]);
    // New Conversation makes the window again, which takes a new conversation to show.
    icon.clickItem("new-conversation");
    expect(BrowserWindow.instances).toHaveLength(2);
    const again = BrowserWindow.instances[1];
    expect(again.shown).toBeGreaterThan(0);
    const from = { sender: { id: again.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } };
    expect(await ipcMain.invoke("links:take", {}, from)).toEqual({ ok: true, value: [{ kind: "new_conversation", text: "" }] });
    icon.clickItem("show");
    expect(BrowserWindow.instances).toHaveLength(2);
    // macOS: the Dock icon's click with the window closed makes it again too.
    again.destroyed = true;
    app.emit("activate", {}, false);
    expect(BrowserWindow.instances).toHaveLength(3);
    icon.clickItem("quit");
    expect(app.quitCalls).toBe(1);
    // Electron's quit emits before-quit: the one shutdown runs, then the app exits.
    const code = exited();
    expect(app.emitWithEvent("before-quit").defaultPrevented).toBe(true);
    expect(await code).toBe(0);
    expect(icon.destroyed).toBe(true);
  });

  it("not chosen: closing the window ends the app through the shutdown", async () => {
    await launchWith({ tray: true });
    const code = exited();
    app.emit("window-all-closed");
    expect(await code).toBe(0);
  });
});
