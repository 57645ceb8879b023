/**
 * What the desktop layer could not do, kept for the window: a quick-entry shortcut another app
 * holds (or one the system refuses) is said in the window, at once if it is open and when it
 * opens otherwise, never only in a log.
 */
import type { DesktopStatus } from "../../shared/desktop-types";
import type { AppEventBus } from "./app-event-bus";

export class DesktopStatusKeeper {
  private status: DesktopStatus = { shortcut: null, shortcutProblem: null };

  constructor(private readonly bus: AppEventBus) {}

  view(): DesktopStatus {
    return { ...this.status };
  }

  /** The shortcut now registered (null: none), or why the asked one is not. */
  setShortcut(shortcut: string | null, problem: string | null): void {
    this.status = { shortcut, shortcutProblem: problem };
    this.bus.emit({ type: "desktop_status", status: this.view() });
  }
}
