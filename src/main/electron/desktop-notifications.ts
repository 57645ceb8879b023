/**
 * The service's notices as system notifications, and its count of what waits as the
 * dock/taskbar badge. Electron's main-process Notification
 * (https://www.electronjs.org/docs/latest/api/notification): `show()`, and a `click` event that
 * here opens the conversation in the main window. A notification is kept referenced until it
 * is clicked or closed, so its click still arrives. The badge is `app.setBadgeCount`
 * (https://www.electronjs.org/docs/latest/api/app#appsetbadgecountcount-linux-macos): macOS and
 * Linux (Unity launchers); elsewhere it returns false and nothing is shown.
 */
import type { Attention } from "../service/attention/attention";
import type { Notice } from "../service/attention/attention-rules";

/** What this needs of Electron's Notification class. */
export interface NotificationClass {
  isSupported(): boolean;
  new (options: { title: string; body: string; silent?: boolean }): NotificationLike;
}

export interface NotificationLike {
  show(): void;
  on(event: "click" | "close", listener: () => void): unknown;
}

export interface NotificationWiring {
  attention: Attention;
  Notification: NotificationClass;
  app: { setBadgeCount(count?: number): boolean };
  /** Brings the main window forward (creating it again if it was closed) and shows the conversation. */
  openConversation(conversationId: string): void;
}

/** Returns what turns it off again (at quit). */
export function wireNotifications({ attention, Notification, app, openConversation }: NotificationWiring): () => void {
  const shown = new Set<NotificationLike>();
  const show = (notice: Notice) => {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title: notice.title, body: notice.body });
    shown.add(notification);
    notification.on("click", () => {
      shown.delete(notification);
      openConversation(notice.conversationId);
    });
    notification.on("close", () => shown.delete(notification));
    notification.show();
  };
  let badge = -1;
  const offNotice = attention.onNotice(show);
  const offChange = attention.onChange(({ badgeCount }) => {
    if (badgeCount === badge) return;
    badge = badgeCount;
    app.setBadgeCount(badgeCount);
  });
  return () => {
    offNotice();
    offChange();
    shown.clear();
  };
}

/**
 * Whether one of the app's windows has the focus, told to the service (no notification while
 * one has): app's `browser-window-focus` and `browser-window-blur`
 * (https://www.electronjs.org/docs/latest/api/app#event-browser-window-blur), which also cover
 * a main window made again after it was closed. Moving between two of its windows blurs one,
 * then focuses the other.
 */
export interface FocusSource {
  on(event: "browser-window-focus" | "browser-window-blur", listener: () => void): unknown;
}

export function followWindowFocus(app: FocusSource, focusedNow: boolean, attention: Attention): void {
  attention.setWindowFocused(focusedNow);
  app.on("browser-window-focus", () => attention.setWindowFocused(true));
  app.on("browser-window-blur", () => attention.setWindowFocused(false));
}
