/** Updates and the database's backup copies, as settings show them. */
import type { StateCreator } from "zustand";
import type { BackupsView, InstallAnswer, UpdateStatus } from "../../../shared/update-types";
import type { AppState } from "./app-store";
import { api } from "../api/current-api";
import { describeError } from "../lib/describe-error";

export interface UpdatesSlice {
  updateStatus: UpdateStatus | null;
  backups: BackupsView | null;
  updatesError: string | null;
  loadUpdates(): Promise<void>;
  applyUpdateStatus(status: UpdateStatus): void;
  checkForUpdates(): Promise<void>;
  /** Resolves with main's answer (which runs would be stopped), or null when the request failed. */
  installUpdate(stopRuns: boolean): Promise<InstallAnswer | null>;
}

export const createUpdatesSlice: StateCreator<AppState, [], [], UpdatesSlice> = (set) => ({
  updateStatus: null,
  backups: null,
  updatesError: null,

  async loadUpdates() {
    try {
      const [updateStatus, backups] = await Promise.all([api().request("updates:status", {}), api().request("backups:list", {})]);
      set({ updateStatus, backups, updatesError: null });
    } catch (error) {
      set({ updatesError: describeError(error) });
    }
  },

  applyUpdateStatus(status) {
    set({ updateStatus: status });
  },

  async checkForUpdates() {
    set({ updatesError: null });
    try {
      set({ updateStatus: await api().request("updates:check", {}) });
    } catch (error) {
      set({ updatesError: describeError(error) });
    }
  },

  async installUpdate(stopRuns) {
    set({ updatesError: null });
    try {
      return await api().request("updates:install", { stopRuns });
    } catch (error) {
      set({ updatesError: describeError(error) });
      return null;
    }
  },
});
