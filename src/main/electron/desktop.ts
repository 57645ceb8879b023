/**
 * The desktop features over the open service: system notifications and the badge, the tray
 * (and "Keep running in the tray"), the quick-entry window and its global shortcut, open at login.
 * Each part gets what it needs of Electron passed in, so tests run it with the stand-in
 * electron; this file only puts them together and follows the desktop settings as they change.
 */
import path from "node:path";
import { app, BrowserWindow, globalShortcut, Menu, nativeImage, Notification, Tray } from "electron";
import type { DesktopSettings } from "../../shared/desktop-types";
import type { AlpineService } from "../service/alpine-service";
import { followWindowFocus, wireNotifications } from "./desktop-notifications";
import { DesktopTray } from "./desktop-tray";
import type { Lifecycle } from "./lifecycle";
import { applyOpenAtLogin } from "./login-item";
import { APP_ORIGIN } from "./app-protocol";
import { QuickEntryShortcut } from "./quick-entry-shortcut";
import { QUICK_ENTRY_PATH, QuickEntryWindow } from "./quick-entry-window";
import { guardContents, secureWebPreferences } from "./window";
import type { TrayAction } from "./tray-menu-template";

export interface DesktopOptions {
  service: AlpineService;
  lifecycle: Lifecycle;
  /** Brings the main window forward (made again if it was closed), restored and focused. */
  showWindow(): void;
  /** The windows' preload, and whether their developer tools may open (run from source). */
  preload: string;
  devTools: boolean;
}

export interface Desktop {
  /** Whether closing the main window leaves the app (and its runs) going. */
  keepsRunning(): boolean;
  /** The quick-entry window while it exists (its requests are trusted and it hears the app's events). */
  quickEntryWindow(): BrowserWindow | null;
}

export function startDesktop({ service, lifecycle, showWindow, preload, devTools }: DesktopOptions): Desktop {
  /** A conversation shown in the main window: through the same queue as links, so a window still loading gets it too. */
  const openConversation = (conversationId: string) => {
    service.deepLinks.offer({ kind: "open_conversation", conversationId });
    showWindow();
  };
  followWindowFocus(app, BrowserWindow.getFocusedWindow() !== null, service.attention);
  const stopNotifications = wireNotifications({ attention: service.attention, Notification, app, openConversation });

  const quick = new QuickEntryWindow({
    create: (options) => {
      const window = new BrowserWindow({ ...options, webPreferences: secureWebPreferences(preload, devTools) });
      guardContents(window.webContents);
      return window;
    },
    url: `${APP_ORIGIN}/${QUICK_ENTRY_PATH}`,
    title: () => service.words.now.t("window.quickEntryTitle"),
  });
  const shortcut = new QuickEntryShortcut(globalShortcut, service.desktopStatus, () => quick.toggle(), process.platform);
  const offWindowRequests = service.events.on((event) => {
    if (event.type !== "window_request") return;
    quick.hide();
    if (event.request === "show_main") showWindow();
  });

  const act = (action: TrayAction) => {
    switch (action.kind) {
      case "new-conversation":
        service.deepLinks.offer({ kind: "new_conversation", text: "" });
        return showWindow();
      case "open":
        return openConversation(action.conversationId);
      case "quick-entry":
        return quick.show();
      case "quit":
        // The same quit as the menu's: before-quit runs the one shutdown, which ends runs cleanly.
        return app.quit();
      default:
        return showWindow();
    }
  };
  const tray = new DesktopTray({
    // https://www.electronjs.org/docs/latest/api/native-image#nativeimagecreatefrompathpath
    createTray: () => new Tray(trayIcon()),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    attention: service.attention,
    platform: process.platform,
    act,
    quickEntry: true,
    words: () => service.words.now,
  });
  // A language change makes the tray's menu again at once (the application menu: main.ts).
  const offLanguage = service.words.onChange(() => tray.refresh());
  const apply = (settings: DesktopSettings) => {
    tray.apply(settings);
    shortcut.use(settings.quickEntryShortcut);
    applyOpenAtLogin(app, process.platform, settings.openAtLogin);
  };
  apply(service.settings.current().desktop);
  const offSettings = service.events.on((event) => event.type === "desktop_settings" && apply(event.settings));
  lifecycle.onWillShutdown({
    name: "desktop",
    join: () => {
      offSettings();
      offLanguage();
      offWindowRequests();
      stopNotifications();
      shortcut.release();
      tray.destroy();
      quick.destroy();
    },
  });
  return { keepsRunning: () => tray.keepsRunning(), quickEntryWindow: () => quick.current };
}

/** The app's icon, small: packaged, from the resources folder (electron-builder extraResources); from source, build/. */
function trayIcon() {
  const file = app.isPackaged ? path.join(process.resourcesPath, "tray-icon.png") : path.join(app.getAppPath(), "build", "icon.png");
  return nativeImage.createFromPath(file).resize({ width: 16, height: 16 });
}
