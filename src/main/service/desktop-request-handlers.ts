/**
 * The channels of the desktop features (spread into request-handlers.ts): settings changes the
 * desktop layer applies at once, what alpine:// links asked, the desktop layer's status, and
 * what the quick-entry window asks of the windows.
 */
import type { AlpineService } from "./alpine-service";
import type { RequestHandlers } from "./request-handler-types";

type DesktopChannels = "settings:set" | "links:take" | "desktop:status" | "quick:openInMain" | "quick:hide";

export function desktopRequestHandlers(service: AlpineService): Pick<RequestHandlers, DesktopChannels> {
  return {
    "settings:set": (change) => {
      const view = service.settings.update(change);
      // The desktop layer applies its part (shortcut, tray, open at login) at once; the badge follows its setting.
      if (change.desktop) service.events.emit({ type: "desktop_settings", settings: view.desktop });
      // The menu, tray, dialogs and notifications speak it from now on; other windows switch too.
      if (change.language !== undefined) {
        // The screen kept for the next launch speaks the old language: the window keeps a new one.
        service.firstScreen.forget();
        service.events.emit({ type: "language_changed", language: service.settings.language(), setting: view.language });
      }
      service.attention.refresh();
      return view;
    },
    "links:take": () => service.deepLinks.take(),
    "desktop:status": () => service.desktopStatus.view(),
    "quick:openInMain": async ({ id }) => {
      await service.conversations.get(id, 1); // one that does not exist is refused here, not in the main window
      service.deepLinks.offer({ kind: "open_conversation", conversationId: id });
      service.events.emit({ type: "window_request", request: "show_main" });
      return { ok: true };
    },
    "quick:hide": () => {
      service.events.emit({ type: "window_request", request: "hide_quick_entry" });
      return { ok: true };
    },
  };
}
