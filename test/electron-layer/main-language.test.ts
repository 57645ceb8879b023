/**
 * The main process in the person's language, with the stand-in electron: the application
 * menu's every label from the catalogue (German, Arabic); through the app's entry, "system"
 * following app.getPreferredSystemLanguages(), a saved choice speaking from the first menu and
 * in a start that fails, and a change of the setting making the menu and the tray again at
 * once; quitting while a run goes asks in Japanese, and Cancel keeps it going; a notification
 * in French. Runs are real (the service on the scripted model server).
 */
import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applicationMenuTemplate, menuItems } from "../../src/main/electron/app-menu-template";
import { loadWords } from "../../src/main/service/words/catalogues";
import type { LanguageCode } from "../../src/shared/languages";
import { openService, type ServiceFixture } from "../service/helpers";
import { useAppEntryScratch } from "./app-entry-scratch";
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, resetFakeElectron, Tray } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const { Lifecycle, wireLifecycle } = await import("../../src/main/electron/lifecycle");
const { quitConfirmation } = await import("../../src/main/electron/quit-confirmation");
const { followWindowFocus, wireNotifications } = await import("../../src/main/electron/desktop-notifications");

type Tree = { [key: string]: string | Tree };
const catalogue = (code: LanguageCode): Tree =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../src/main/service/words/locales/${code}.json`), "utf8"));
const words = (code: LanguageCode, section: string): Tree => catalogue(code)[section] as Tree;
const label = (template: Parameters<typeof menuItems>[0] | undefined, role: string) => menuItems(template ?? []).find((item) => item.role === role)?.label;

describe("the application menu's words", () => {
  it.each([
    ["de", "linux"],
    ["ar", "win32"],
    ["ar", "darwin"],
  ] as const)("in %s on %s: every label is the catalogue's, none is English", async (code, platform) => {
    const menu = words(code, "menu");
    const template = applicationMenuTemplate({ appName: "Alpine", platform, isPackaged: false, words: await loadWords(code), onCheckForUpdates: () => {} });
    const labels = menuItems(template).filter((item) => item.type !== "separator").map((item) => item.label);
    const fromCatalogue = new Set([...Object.values(menu).map((text) => (text as string).replace("{{appName}}", "Alpine")), "Alpine"]);
    expect(labels.filter((text) => !fromCatalogue.has(text!))).toEqual([]);
    const english = new Set(Object.values(words("en", "menu")).map((text) => (text as string).replace("{{appName}}", "Alpine")));
    expect(labels.filter((text) => text !== "Alpine" && english.has(text!))).toEqual([]);
    expect(label(template, "editMenu")).toBe(menu.edit);
    expect(label(template, "copy")).toBe(menu.copy);
    expect(label(template, "toggleDevTools")).toBe(menu.toggleDevTools);
    expect(menuItems(template).find((item) => item.id === "check-for-updates")?.label).toBe(menu.checkForUpdates);
  });

  it("German and Arabic say Edit and Copy as their platforms do", async () => {
    const german = applicationMenuTemplate({ appName: "Alpine", platform: "win32", isPackaged: true, words: await loadWords("de") });
    expect([label(german, "editMenu"), label(german, "copy"), label(german, "quit")]).toEqual(["Bearbeiten", "Kopieren", "Beenden"]);
    const arabic = applicationMenuTemplate({ appName: "Alpine", platform: "darwin", isPackaged: true, words: await loadWords("ar") });
    expect([label(arabic, "editMenu"), label(arabic, "copy"), label(arabic, "quit")]).toEqual(["تحرير", "نسخ", "إنهاء Alpine"]);
  });
});

describe("the app's entry in the person's language", () => {
  const scratch = useAppEntryScratch();
  let launches = 0;
  const launch = async (settings: Record<string, unknown> | null) => {
    if (settings) fs.writeFileSync(path.join(scratch.userData, "settings.json"), JSON.stringify({ version: 1, ...settings }));
    await import(/* @vite-ignore */ `../../src/main/electron/main.ts?language=${++launches}`);
    const window = await BrowserWindow.next();
    const from = { sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } };
    return { window, from };
  };
  const menuSays = (role: string) => label(Menu.applied?.template, role);
  const quit = async () => {
    const exited = new Promise<number>((resolve) => (app.exit = (code = 0) => resolve(code)));
    app.emitWithEvent("before-quit");
    await exited;
  };

  it('"system" follows the system\'s preferred languages: zh-Hant-TW speaks Traditional Chinese', async () => {
    app.preferredSystemLanguages = ["zh-Hant-TW", "en-US"];
    const { from } = await launch(null);
    await vi.waitFor(() => expect(menuSays("editMenu")).toBe(words("zh-TW", "menu").edit));
    expect(menuSays("editMenu")).toBe("編輯");
    expect(await ipcMain.invoke("app:info", {}, from)).toMatchObject({ ok: true });
    await quit();
  });

  it("a language chosen in Settings speaks from the first menu, over the system's", async () => {
    app.preferredSystemLanguages = ["fr-FR"];
    const set = vi.spyOn(Menu, "setApplicationMenu");
    const { from } = await launch({ language: "ja" });
    await vi.waitFor(() => expect(menuSays("editMenu")).toBe("編集"));
    expect(await ipcMain.invoke("app:info", {}, from)).toMatchObject({ ok: true });
    expect(menuSays("paste")).toBe(words("ja", "menu").paste);
    // Never French on the way: English at most until the catalogue came, then Japanese, made once more only for it.
    const editLabels = set.mock.calls.map(([menu]) => label(menu?.template, "editMenu"));
    expect(editLabels.filter((text) => text !== "Edit")).toEqual(["編集"]);
    set.mockRestore();
    await quit();
  });

  it("a change of the setting makes the application menu and the tray again at once, in the new language", async () => {
    const { from } = await launch({ desktop: { tray: true } });
    expect(await ipcMain.invoke("app:info", {}, from)).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(Tray.instances).toHaveLength(1));
    const tray = Tray.instances[0];
    const trayItem = (id: string) => tray.menu!.template.find((item) => item.id === id)?.label;
    expect([menuSays("editMenu"), trayItem("new-conversation")]).toEqual(["Edit", "New Conversation"]);

    expect(await ipcMain.invoke("settings:set", { language: "de" }, from)).toMatchObject({ ok: true, value: { language: "de" } });
    await vi.waitFor(() => expect(menuSays("editMenu")).toBe("Bearbeiten"));
    expect(trayItem("new-conversation")).toBe(words("de", "tray").newConversation);
    expect(trayItem("quit")).toBe("Alpine beenden");

    expect(await ipcMain.invoke("settings:set", { language: "ar" }, from)).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(menuSays("editMenu")).toBe("تحرير"));
    expect(trayItem("new-conversation")).toBe("محادثة جديدة");
    expect(tray.tooltip).toBe("Alpine");
    await quit();
  });

  it("a start that fails says so in the chosen language, with the reason as it came", async () => {
    fs.writeFileSync(path.join(scratch.userData, "alpine.db"), "this is not a database");
    const exited = new Promise<number>((resolve) => (app.exit = (code = 0) => resolve(code)));
    await launch({ language: "de" });
    const [title, message] = await dialog.nextError();
    expect(title).toBe("Alpine kann nicht starten");
    expect(message).toMatch(/^Alpine konnte nicht geöffnet werden und wird beendet\. Was schiefging:\n\n.*alpine\.db/s);
    expect(await exited).toBe(1);
  });
});

describe("with a run going", () => {
  let fixture: ServiceFixture;
  beforeEach(() => resetFakeElectron());
  afterEach(async () => {
    await fixture?.close();
  });

  /** The service, speaking the system's language. */
  const speaking = async (systemLanguages: string[]) => {
    fixture = await openService({ service: { systemLanguages: () => systemLanguages } });
    await fixture.service.words.ready();
    return fixture;
  };

  it("Quit asks first, in Japanese: Cancel keeps the run going, Quit stops and saves it", async () => {
    await speaking(["ja-JP"]);
    fixture.model.script({ hang: true, text: "Halfway through" });
    const { id } = await fixture.call("runs:start", { text: "A long answer, please" });
    await fixture.log.step(id, "text_delta");
    const lifecycle = new Lifecycle();
    lifecycle.onWillShutdown({ name: "service", join: () => fixture.service.shutdown() });
    let answered = () => {};
    const confirmQuit = quitConfirmation({
      running: () => fixture.service.runs.runningIds().length,
      words: () => fixture.service.words.now,
      showMessageBox: async (options) => {
        const answer = await dialog.showMessageBox(options);
        queueMicrotask(answered);
        return answer;
      },
    });
    const asked = () => new Promise<void>((resolve) => (answered = resolve));
    wireLifecycle(app, lifecycle, new EventEmitter(), { confirmQuit });

    dialog.messageBoxResponse = 1;
    let shown = asked();
    expect(app.emitWithEvent("before-quit").defaultPrevented).toBe(true);
    await shown;
    const [{ options }] = dialog.messageBoxes;
    const quitWords = words("ja", "dialog").quitWhileRunning as Tree;
    expect(options).toMatchObject({
      message: "1件の会話がまだ実行中です。",
      detail: quitWords.detail,
      buttons: ["終了", "キャンセル"],
      defaultId: 0,
      cancelId: 1,
    });
    await settled();
    expect(lifecycle.shuttingDown).toBe(false);
    expect(fixture.service.runs.runningIds()).toEqual([id]);

    const exited = new Promise<number>((resolve) => (app.exit = (code = 0) => resolve(code)));
    dialog.messageBoxResponse = 0;
    shown = asked();
    app.emitWithEvent("before-quit");
    await shown;
    expect(await exited).toBe(0);
    expect(dialog.messageBoxes).toHaveLength(2);
    expect(fixture.service.runs.runningIds()).toEqual([]);
  });

  it("nothing running: Quit asks nothing", async () => {
    await speaking(["ja-JP"]);
    const lifecycle = new Lifecycle();
    const confirmQuit = quitConfirmation({ running: () => fixture.service.runs.runningIds().length, words: () => fixture.service.words.now, showMessageBox: dialog.showMessageBox });
    wireLifecycle(app, lifecycle, new EventEmitter(), { confirmQuit });
    const exited = new Promise<number>((resolve) => (app.exit = (code = 0) => resolve(code)));
    app.emitWithEvent("before-quit");
    expect(await exited).toBe(0);
    expect(dialog.messageBoxes).toEqual([]);
  });

  it("a notification in French: a run that ends while the window is not focused", async () => {
    await speaking(["fr-CA"]);
    followWindowFocus(app, false, fixture.service.attention);
    const stop = wireNotifications({ attention: fixture.service.attention, Notification, app, openConversation: () => {} });
    try {
      fixture.model.script({ text: "Voilà." });
      const { id } = await fixture.call("runs:start", { text: "Un résumé, s'il vous plaît" });
      await fixture.log.step(id, "run_end");
      expect(Notification.shown.map((notification) => notification.options)).toEqual([{ title: expect.any(String), body: "La réponse est prête." }]);
      expect(Notification.shown[0].options.body).toBe(words("fr", "notice").replyReady);
    } finally {
      stop();
    }
  });
});

/** Lets the answer's handling (promise callbacks) run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));
