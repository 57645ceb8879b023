/**
 * Export and import in the window: the dialog's state, the export's outcome, and the
 * import's progress (from `import_progress` events) and summary. After an import the
 * conversation list is loaded again, so the new conversations show at once.
 */
import type { StateCreator } from "zustand";
import type { ExportResult, ImportProgress, ImportReport } from "../../../shared/ipc-contract";
import type { ExportFormat, ExportScope } from "../../../shared/transfer-types";
import { api } from "../api/current-api";
import { emitAppEvent } from "../app-events";
import { describeError } from "../lib/describe-error";
import type { AppState } from "./app-store";

export interface TransferSlice {
  transferOpen: boolean;
  exportBusy: boolean;
  exportResult: ExportResult | null;
  exportError: string | null;
  importBusy: boolean;
  importProgress: ImportProgress | null;
  importReport: ImportReport | null;
  importError: string | null;
  setTransferOpen(open: boolean): void;
  exportConversations(scope: ExportScope, format: ExportFormat): Promise<void>;
  /** Without a path the app asks for the file. */
  importConversations(path?: string): Promise<void>;
  handleImportProgress(progress: ImportProgress): void;
}

export const createTransferSlice: StateCreator<AppState, [], [], TransferSlice> = (set, get) => ({
  transferOpen: false,
  exportBusy: false,
  exportResult: null,
  exportError: null,
  importBusy: false,
  importProgress: null,
  importReport: null,
  importError: null,

  setTransferOpen(open) {
    set({ transferOpen: open, exportResult: null, exportError: null, ...(get().importBusy ? {} : { importReport: null, importError: null, importProgress: null }) });
    emitAppEvent(open ? "transfer-opened" : "transfer-closed");
  },

  async exportConversations(scope, format) {
    const conversationId = get().openId ?? undefined;
    set({ exportBusy: true, exportResult: null, exportError: null });
    try {
      const result = await api().request("transfer:export", { scope, format, ...(scope === "all" ? {} : { conversationId }) });
      set({ exportBusy: false, exportResult: result });
      emitAppEvent("exported", result);
    } catch (error) {
      set({ exportBusy: false, exportError: describeError(error) });
      emitAppEvent("error", { where: "export", message: describeError(error) });
    }
  },

  async importConversations(path) {
    set({ importBusy: true, importReport: null, importError: null, importProgress: null });
    try {
      const report = await api().request("transfer:import", path ? { path } : {});
      set({ importBusy: false, importReport: report });
      get().refreshList();
      emitAppEvent("imported", report);
    } catch (error) {
      set({ importBusy: false, importError: describeError(error) });
      emitAppEvent("error", { where: "import", message: describeError(error) });
    }
  },

  handleImportProgress(progress) {
    set({ importProgress: progress });
    emitAppEvent("import-progress", progress);
  },
});
