/**
 * The desktop features over the open service: system notifications and the badge (for now;
 * the tray, the quick-entry shortcut and open at login join here). Each part is wired with
 * what it needs of Electron passed in, so tests run it with the stand-in electron.
 */
import { app, Notification, type BrowserWindow } from "electron";
import type { AlpineService } from "../service/alpine-service";
import { followWindowFocus, wireNotifications } from "./desktop-notifications";
import type { Lifecycle } from "./lifecycle";

export interface DesktopOptions {
  service: AlpineService;
  lifecycle: Lifecycle;
  window: BrowserWindow;
  /** Brings the main window forward (restored, shown, focused). */
  showWindow(): void;
}

export function startDesktop({ service, lifecycle, window, showWindow }: DesktopOptions): void {
  /** A conversation shown in the main window: through the same queue as links, so a window still loading gets it too. */
  const openConversation = (conversationId: string) => {
    service.deepLinks.offer({ kind: "open_conversation", conversationId });
    showWindow();
  };
  followWindowFocus(window, service.attention);
  const stopNotifications = wireNotifications({ attention: service.attention, Notification, app, openConversation });
  lifecycle.onWillShutdown({ name: "notifications", join: stopNotifications });
}
