/**
 * Settings → Desktop as the window keeps it: each change goes to main at once (which applies
 * it: the tray, the shortcut, open at login) and the view comes back; what the desktop layer
 * could not do (a shortcut another app holds) is kept and said as a notice when it happens.
 */
import type { StateCreator } from "zustand";
import type { DesktopSettings, DesktopStatus } from "../../../shared/desktop-types";
import { api } from "../api/current-api";
import { emitAppEvent } from "../app-events";
import { describeError } from "../lib/describe-error";
import type { AppState } from "./app-store";

export interface DesktopSlice {
  desktopStatus: DesktopStatus | null;
  desktopError: string | null;
  loadDesktopStatus(): Promise<void>;
  applyDesktopStatus(status: DesktopStatus): void;
  /** One change; true when main accepted it. */
  changeDesktop(change: Partial<DesktopSettings>): Promise<boolean>;
}

export const createDesktopSlice: StateCreator<AppState, [], [], DesktopSlice> = (set, get) => ({
  desktopStatus: null,
  desktopError: null,
  async loadDesktopStatus() {
    try {
      get().applyDesktopStatus(await api().request("desktop:status", {}));
    } catch {
      // Only the notice is missed: Settings asks again when opened.
    }
  },
  applyDesktopStatus(status) {
    const before = get().desktopStatus?.shortcutProblem ?? null;
    set({ desktopStatus: status });
    if (status.shortcutProblem && status.shortcutProblem !== before) get().showToast("error", status.shortcutProblem);
  },
  async changeDesktop(change) {
    set({ desktopError: null });
    try {
      const settings = await api().request("settings:set", { desktop: change });
      set({ settings });
      emitAppEvent("settings-saved", { desktop: settings.desktop });
      return true;
    } catch (error) {
      set({ desktopError: describeError(error) });
      return false;
    }
  },
});
