/**
 * Settings → Storage in the window: where conversations are kept, switching (tested by main
 * first), moving them across with progress, removing the source's copies, and the server's
 * reachability for the banner. A switch, a move or a server that comes back reloads the list
 * and the open conversation.
 */
import type { StateCreator } from "zustand";
import type { MoveDirection, MoveProgress, MoveReport, RemoveSourceReport, StorageStatus, StorageTls, StorageView } from "../../../shared/storage-types";
import { api } from "../api/current-api";
import { emitAppEvent } from "../app-events";
import { describeError } from "../lib/describe-error";
import type { AppState } from "./app-store";

export interface PostgresForm {
  url: string;
  /** Empty: keep the stored one. */
  password: string;
  tls: StorageTls;
  caFile: string;
}

export interface StorageSlice {
  storage: StorageView | null;
  storageBusy: boolean;
  storageError: string | null;
  moveProgress: MoveProgress | null;
  moveReport: MoveReport | null;
  removeReport: RemoveSourceReport | null;
  loadStorage(): Promise<void>;
  usePostgres(form: PostgresForm): Promise<boolean>;
  useLocal(): Promise<boolean>;
  moveConversations(direction: MoveDirection): Promise<void>;
  removeSource(direction: MoveDirection): Promise<void>;
  applyStorageStatus(status: StorageStatus): void;
  applyMoveProgress(progress: MoveProgress): void;
  /** The store changed or came back: the list and the open conversation are fetched again. */
  reloadConversations(): void;
}

/** One storage request at a time, its error shown in the section; null when it failed. */
function storageAction(set: (partial: Partial<StorageSlice>) => void) {
  return async <T,>(where: string, work: () => Promise<T>): Promise<T | null> => {
    set({ storageBusy: true, storageError: null });
    try {
      const value = await work();
      set({ storageBusy: false });
      return value;
    } catch (error) {
      set({ storageBusy: false, storageError: describeError(error) });
      emitAppEvent("error", { where, message: describeError(error) });
      return null;
    }
  };
}

export const createStorageSlice: StateCreator<AppState, [], [], StorageSlice> = (set, get) => {
  const act = storageAction(set);

  return {
    storage: null,
    storageBusy: false,
    storageError: null,
    moveProgress: null,
    moveReport: null,
    removeReport: null,

    async loadStorage() {
      try {
        set({ storage: await api().request("storage:get", {}) });
      } catch (error) {
        set({ storageError: describeError(error) });
      }
    },

    async usePostgres(form) {
      const view = await act("storage", () =>
        api().request("storage:usePostgres", {
          url: form.url,
          tls: form.tls,
          caFile: form.caFile.trim() || null,
          ...(form.password ? { password: form.password } : {}),
        }),
      );
      if (!view) return false;
      set({ storage: view, moveReport: null, removeReport: null });
      emitAppEvent("storage-changed", { kind: view.kind });
      return true;
    },

    async useLocal() {
      const view = await act("storage", () => api().request("storage:useLocal", {}));
      if (!view) return false;
      set({ storage: view, moveReport: null, removeReport: null });
      emitAppEvent("storage-changed", { kind: view.kind });
      return true;
    },

    async moveConversations(direction) {
      set({ moveReport: null, removeReport: null, moveProgress: null });
      const report = await act("move", () => api().request("storage:move", { direction }));
      if (!report) return;
      set({ moveReport: report });
      emitAppEvent("storage-moved", report);
    },

    async removeSource(direction) {
      const report = await act("remove-source", () => api().request("storage:removeSource", { direction }));
      if (!report) return;
      set({ removeReport: report });
      emitAppEvent("storage-source-removed", report);
    },

    applyStorageStatus(status) {
      const storage = get().storage;
      if (storage) set({ storage: { ...storage, status } });
      emitAppEvent("storage-status", status);
    },

    applyMoveProgress(progress) {
      set({ moveProgress: progress });
      emitAppEvent("storage-move-progress", progress);
    },

    reloadConversations() {
      get().refreshList();
      const openId = get().openId;
      if (openId) void get().reloadView(openId);
    },
  };
};
