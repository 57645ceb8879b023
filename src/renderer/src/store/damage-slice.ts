/**
 * Damage in the database as the window shows it: what can be done with a conversation listed
 * as damaged (export what is readable, restore it from the latest backup), and the result of
 * the database check after an unclean shutdown.
 */
import type { StateCreator } from "zustand";
import type { DatabaseCheckView } from "../../../shared/damage-types";
import { api } from "../api/current-api";
import { emitAppEvent } from "../app-events";
import type { AppState } from "./app-store";
import { toastFailure } from "./store-access";
import { i18n, t } from "../i18n/i18n";

export interface DamageSlice {
  /** The database check after an unclean shutdown, when it found something or until dismissed. */
  databaseCheck: DatabaseCheckView | null;
  exportReadable(listedId: string, format: "markdown" | "json"): Promise<void>;
  restoreDamaged(listedId: string): Promise<void>;
  applyDatabaseCheck(check: DatabaseCheckView): void;
  /** Ask main for a check that finished before the window listened. */
  loadDatabaseHealth(): Promise<void>;
  dismissDatabaseCheck(): void;
}

export const createDamageSlice: StateCreator<AppState, [], [], DamageSlice> = (set, get) => ({
  databaseCheck: null,
  async exportReadable(listedId, format) {
    try {
      const result = await api().request("damaged:exportReadable", { listedId, format });
      if (!result) return;
      const numbers = { count: result.entries, entries: result.entries.toLocaleString(i18n.language), skipped: result.skipped.toLocaleString(i18n.language), path: result.path };
      get().showToast("info", result.skipped ? t("toast.exportedSkipped", numbers) : t("toast.exported", numbers));
      emitAppEvent("damaged-exported", { path: result.path });
    } catch (error) {
      toastFailure(get, t("toast.exportFailed"), error);
    }
  },
  async restoreDamaged(listedId) {
    try {
      const { id, backup } = await api().request("damaged:restore", { listedId });
      get().showToast("info", t("toast.restored", { backup }));
      emitAppEvent("damaged-restored", { id });
    } catch (error) {
      toastFailure(get, t("toast.restoreFailed"), error);
    }
  },
  applyDatabaseCheck(check) {
    set({ databaseCheck: check });
    emitAppEvent("database-checked", { ok: check.ok });
  },
  async loadDatabaseHealth() {
    try {
      const { check } = await api().request("database:health", {});
      if (check && !get().databaseCheck) get().applyDatabaseCheck(check);
    } catch {
      // Only a notice: the check's event still comes if it is still running.
    }
  },
  dismissDatabaseCheck() {
    set({ databaseCheck: null });
  },
});
