/**
 * The desktop features' settings (notifications, badge, tray, quick entry, open at login),
 * kept in the settings file beside the others and changed through "settings:set".
 */
export interface DesktopSettings {
  /** A system notification when a run ends while the window is not focused. */
  notifyRunEnded: boolean;
  /** A system notification when a run waits for an approval or an answer while the window is not focused. */
  notifyWaiting: boolean;
  /** The dock/taskbar badge counts the conversations waiting for the person. */
  badgeCount: boolean;
  /** The tray (menu bar) icon; null: the system's default (on for Windows and Linux, off for macOS). */
  tray: boolean | null;
  /** Closing the main window leaves runs going, shown in the tray; otherwise closing ends them cleanly. */
  keepRunningInTray: boolean;
  /** The quick-entry window's global shortcut as an Electron accelerator; "" turns it off. */
  quickEntryShortcut: string;
  /** Quick entry continues the last conversation rather than starting a new one. */
  quickEntryContinues: boolean;
  /** Start Alpine when the person logs in. */
  openAtLogin: boolean;
}

/** Alt+Space is Option+Space on macOS: Electron reads "Alt" as the Option key there. */
export const DEFAULT_QUICK_ENTRY_SHORTCUT = "Alt+Space";

export const DEFAULT_DESKTOP_SETTINGS: DesktopSettings = {
  notifyRunEnded: true,
  notifyWaiting: true,
  badgeCount: true,
  tray: null,
  keepRunningInTray: false,
  quickEntryShortcut: DEFAULT_QUICK_ENTRY_SHORTCUT,
  quickEntryContinues: false,
  openAtLogin: false,
};

/** Whether the tray shows: the person's choice, else on for Windows and Linux and off on macOS. */
export function trayShown(settings: Pick<DesktopSettings, "tray">, platform: string): boolean {
  return settings.tray ?? platform !== "darwin";
}

const MODIFIER = "(?:CommandOrControl|CmdOrCtrl|Command|Cmd|Control|Ctrl|Alt|Option|AltGr|Shift|Super|Meta)";
const KEY = "(?:[A-Z0-9]|F(?:[1-9]|1[0-9]|2[0-4])|Space|Tab|Backspace|Delete|Insert|Return|Enter|Up|Down|Left|Right|Home|End|PageUp|PageDown|Escape|Esc|Plus|[`~!@#$%^&*()\\-=\\[\\]\\\\;',./])";
/**
 * An Electron accelerator with at least one modifier (a global shortcut without one would take
 * a plain key from every app): https://www.electronjs.org/docs/latest/api/accelerator
 */
export const SHORTCUT_PATTERN = new RegExp(`^(?:${MODIFIER}\\+)+${KEY}$`, "i");

/** What the desktop layer did with the settings, for the window to show. */
export interface DesktopStatus {
  /** The quick-entry shortcut registered now; null when none is. */
  shortcut: string | null;
  /** Why the asked shortcut is not registered (another app holds it, ...); null when it is, or none was asked. */
  shortcutProblem: string | null;
}

/** What the quick-entry window and the main window ask of the desktop layer. */
export type WindowRequest = "show_main" | "hide_quick_entry";
