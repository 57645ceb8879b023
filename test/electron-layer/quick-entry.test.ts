/**
 * The quick-entry shortcut and window with the stand-in electron: the default shortcut is
 * registered and opens the small always-on-top window; one another app holds (register
 * returns false) or the system cannot read is reported to the person through the service's
 * status, not lost; a new setting registers the new shortcut in place of the old; quit
 * unregisters it. Through the app's entry: the quick-entry window's requests are heard,
 * "Open in Alpine" brings the main window, Escape hides it.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AppEventBus } from "../../src/main/service/app-event-bus";
import { DesktopStatusKeeper } from "../../src/main/service/desktop-status";
import type { DesktopSettings } from "../../src/shared/desktop-types";
import { useAppEntryScratch } from "./app-entry-scratch";
import { app, BrowserWindow, globalShortcut, ipcMain, resetFakeElectron, Tray } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const { QuickEntryShortcut } = await import("../../src/main/electron/quick-entry-shortcut");

describe("the quick-entry shortcut", () => {
  beforeEach(() => resetFakeElectron());
  const make = (platform: NodeJS.Platform = "linux") => {
    const bus = new AppEventBus();
    const status = new DesktopStatusKeeper(bus);
    const events: unknown[] = [];
    bus.on((event) => events.push(event));
    let presses = 0;
    const shortcut = new QuickEntryShortcut(globalShortcut, status, () => presses++, platform);
    return { shortcut, status, events, presses: () => presses };
  };

  it("registers it, and a press opens quick entry; another setting takes its place; quit releases it", () => {
    const { shortcut, status, presses } = make();
    shortcut.use("Alt+Space");
    globalShortcut.press("Alt+Space");
    expect(presses()).toBe(1);
    expect(status.view()).toEqual({ shortcut: "Alt+Space", shortcutProblem: null });
    shortcut.use("CommandOrControl+Shift+K");
    expect([...globalShortcut.registered.keys()]).toEqual(["CommandOrControl+Shift+K"]);
    shortcut.use("");
    expect(globalShortcut.registered.size).toBe(0);
    expect(status.view()).toEqual({ shortcut: null, shortcutProblem: null });
    shortcut.use("Alt+Space");
    shortcut.release();
    expect(globalShortcut.registered.size).toBe(0);
  });

  it("one another app holds is reported to the person (Option on macOS), and one the system cannot read too", () => {
    globalShortcut.taken.add("Alt+Space");
    const { shortcut, status, events } = make("darwin");
    shortcut.use("Alt+Space");
    expect(status.view().shortcut).toBeNull();
    expect(status.view().shortcutProblem).toMatch(/Option\+Space could not be registered: another app may use it\. Choose another one in Settings → Desktop/);
    expect(events).toEqual([{ type: "desktop_status", status: status.view() }]);
    const linux = make();
    linux.shortcut.use("Alt+Spac e");
    expect(linux.status.view().shortcutProblem).toMatch(/Alt\+Spac e could not be registered \(.*conversion failure/);
  });
});

describe("quick entry through the app's entry", () => {
  const scratch = useAppEntryScratch();
  let launches = 0;
  const launchWith = async (desktop: Partial<DesktopSettings>) => {
    fs.writeFileSync(path.join(scratch.userData, "settings.json"), JSON.stringify({ version: 1, desktop }));
    await import(/* @vite-ignore */ `../../src/main/electron/main.ts?quick=${++launches}`);
    const main = await BrowserWindow.next();
    const from = (window: BrowserWindow) => ({ sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/quick-entry.html", parent: null } });
    await ipcMain.invoke("app:info", {}, from(main));
    return { main, from };
  };

  it("the shortcut opens the always-on-top window, whose requests are heard; Escape hides it; Open in Alpine brings the main window; quit unregisters", async () => {
    const { main, from } = await launchWith({});
    await vi.waitFor(() => expect(globalShortcut.isRegistered("Alt+Space")).toBe(true));
    globalShortcut.press("Alt+Space");
    const quick = BrowserWindow.instances[1];
    expect(quick.options).toMatchObject({ alwaysOnTop: true, skipTaskbar: true, show: false, webPreferences: { sandbox: true, contextIsolation: true } });
    expect(quick.loadedUrl).toBe("app://alpine/quick-entry.html");
    expect(quick.isVisible()).toBe(true);
    // Pressed again while it is in front: it hides; once more, it comes back (the same window, its reply kept).
    quick.hasFocus = true;
    globalShortcut.press("Alt+Space");
    expect(quick.isVisible()).toBe(false);
    globalShortcut.press("Alt+Space");
    expect(quick.isVisible()).toBe(true);
    expect(BrowserWindow.instances).toHaveLength(2);
    // Clicking elsewhere hides it, as a launcher does.
    quick.emit("blur");
    expect(quick.isVisible()).toBe(false);
    quick.show();
    // A window the app did not make is still refused.
    const stranger = new BrowserWindow({});
    expect(await ipcMain.invoke("app:info", {}, from(stranger))).toMatchObject({ ok: false, error: { name: "UntrustedSenderError" } });
    expect(await ipcMain.invoke("quick:hide", {}, from(quick))).toEqual({ ok: true, value: { ok: true } });
    expect(quick.isVisible()).toBe(false);
    // Its events come too (a reply streams there).
    expect(quick.webContents.sent.some(([, event]) => (event as { type: string }).type === "window_request")).toBe(true);
    Tray.instances[0]?.clickItem("quick-entry");
    expect(quick.isVisible()).toBe(true);
    expect(await ipcMain.invoke("quick:openInMain", { id: "nothere" }, from(quick))).toMatchObject({ ok: false, error: { name: "ConversationNotFoundError" } });
    const focused = main.focused;
    const started = (await ipcMain.invoke("runs:start", { text: "Hello from quick entry" }, from(quick))) as { ok: boolean; value: { id: string } };
    expect(started.ok).toBe(true);
    expect(await ipcMain.invoke("quick:openInMain", { id: started.value.id }, from(quick))).toMatchObject({ ok: true });
    expect(main.focused).toBe(focused + 1);
    expect(quick.isVisible()).toBe(false);
    expect(await ipcMain.invoke("links:take", {}, from(main))).toEqual({ ok: true, value: [{ kind: "open_conversation", conversationId: started.value.id }] });
    const exited = new Promise<number>((resolve) => (app.exit = (code = 0) => resolve(code)));
    app.emitWithEvent("before-quit");
    expect(await exited).toBe(0);
    expect(globalShortcut.registered.size).toBe(0);
    expect(quick.isDestroyed()).toBe(true);
  });

  it("a shortcut another app holds at launch is kept for the window to show", async () => {
    globalShortcut.taken.add("Alt+Space");
    const { main, from } = await launchWith({});
    await vi.waitFor(async () => {
      const status = (await ipcMain.invoke("desktop:status", {}, from(main))) as { value: { shortcutProblem: string | null } };
      expect(status.value.shortcutProblem).toMatch(/Alt\+Space could not be registered/);
    });
    const exited = new Promise<number>((resolve) => (app.exit = (code = 0) => resolve(code)));
    app.emitWithEvent("before-quit");
    await exited;
  });
});
