/**
 * The desktop features over the open service: system notifications and the badge, the tray
 * (and "Keep running in the tray"), open at login; the quick-entry shortcut joins here.
 * Each part gets what it needs of Electron passed in, so tests run it with the stand-in
 * electron; this file only puts them together and follows the desktop settings as they change.
 */
import path from "node:path";
import { app, BrowserWindow, Menu, nativeImage, Notification, Tray } from "electron";
import type { DesktopSettings } from "../../shared/desktop-types";
import type { AlpineService } from "../service/alpine-service";
import { followWindowFocus, wireNotifications } from "./desktop-notifications";
import { DesktopTray } from "./desktop-tray";
import type { Lifecycle } from "./lifecycle";
import { applyOpenAtLogin } from "./login-item";
import type { TrayAction } from "./tray-menu-template";

export interface DesktopOptions {
  service: AlpineService;
  lifecycle: Lifecycle;
  /** Brings the main window forward (made again if it was closed), restored and focused. */
  showWindow(): void;
}

export interface Desktop {
  /** Whether closing the main window leaves the app (and its runs) going. */
  keepsRunning(): boolean;
}

export function startDesktop({ service, lifecycle, showWindow }: DesktopOptions): Desktop {
  /** A conversation shown in the main window: through the same queue as links, so a window still loading gets it too. */
  const openConversation = (conversationId: string) => {
    service.deepLinks.offer({ kind: "open_conversation", conversationId });
    showWindow();
  };
  followWindowFocus(app, BrowserWindow.getFocusedWindow() !== null, service.attention);
  const stopNotifications = wireNotifications({ attention: service.attention, Notification, app, openConversation });

  const act = (action: TrayAction) => {
    switch (action.kind) {
      case "new-conversation":
        service.deepLinks.offer({ kind: "new_conversation", text: "" });
        return showWindow();
      case "open":
        return openConversation(action.conversationId);
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
    quickEntry: false,
  });
  const apply = (settings: DesktopSettings) => {
    tray.apply(settings);
    applyOpenAtLogin(app, process.platform, settings.openAtLogin);
  };
  apply(service.settings.current().desktop);
  const offSettings = service.events.on((event) => event.type === "desktop_settings" && apply(event.settings));
  lifecycle.onWillShutdown({
    name: "desktop",
    join: () => {
      offSettings();
      stopNotifications();
      tray.destroy();
    },
  });
  return { keepsRunning: () => tray.keepsRunning() };
}

/** The app's icon, small: packaged, from the resources folder (electron-builder extraResources); from source, build/. */
function trayIcon() {
  const file = app.isPackaged ? path.join(process.resourcesPath, "tray-icon.png") : path.join(app.getAppPath(), "build", "icon.png");
  return nativeImage.createFromPath(file).resize({ width: 16, height: 16 });
}
