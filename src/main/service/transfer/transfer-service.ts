/**
 * Export and import as the app offers them: where an export is written (a save dialog in
 * the app, the data folder's exports/ otherwise), which file is imported (a path, or an
 * open dialog), one import at a time, and its progress told to the window as app events
 * (a few per second at most).
 */
import type { ExportResult, ImportReport } from "../../../shared/transfer-types";
import type { AppEventBus } from "../app-event-bus";
import type { ServiceGate } from "../service-gate";
import { type ExportRequest, exportToFile } from "./export-file";
import { type ExportFileChooser, chooseExportTarget } from "./export-target";
import { importFile } from "./import-file";
import type { TransferStore } from "./import-writer";
import { ImportInProgressError, ImportReadError } from "./transfer-errors";

export type { ExportFileChooser } from "./export-target";
/** Asks the person for a file to import (null: cancelled). */
export type ImportFileChooser = () => Promise<string | null>;

export interface TransferOptions {
  store: TransferStore;
  bus: AppEventBus;
  gate: ServiceGate;
  dataFolder: string;
  chooseExportFile?: ExportFileChooser;
  chooseImportFile?: ImportFileChooser;
}

const PROGRESS_EVERY_MS = 100;

export class Transfer {
  private importing = false;

  constructor(private readonly options: TransferOptions) {}

  /** Writes the export; null when the person cancelled the save dialog. */
  async export(request: ExportRequest): Promise<ExportResult | null> {
    this.options.gate.assertOpen();
    const name = defaultExportName(request);
    const target = await chooseExportTarget(this.options.dataFolder, this.options.chooseExportFile, name);
    return target === null ? null : exportToFile(this.options.store, request, target);
  }

  /** Imports a file (the open dialog's choice when no path is given); null when cancelled. */
  async import(file?: string): Promise<ImportReport | null> {
    this.options.gate.assertOpen();
    if (this.importing) throw new ImportInProgressError();
    this.importing = true;
    try {
      const chosen = file ?? (await this.chooseImport());
      if (chosen === null) return null;
      let last = 0;
      return await importFile(this.options.store, chosen, {
        onProgress: (progress) => {
          const now = Date.now();
          if (!progress.done && now - last < PROGRESS_EVERY_MS) return;
          last = now;
          this.options.bus.emit({ type: "import_progress", progress });
        },
      });
    } finally {
      this.importing = false;
    }
  }

  private async chooseImport(): Promise<string | null> {
    if (!this.options.chooseImportFile) {
      throw new ImportReadError("(no file)", new Error("no file was given and this window has no file dialog; type the file's path"));
    }
    return this.options.chooseImportFile();
  }
}

function defaultExportName(request: ExportRequest): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "-").slice(0, 19);
  const what = request.scope === "all" ? "all" : `${request.conversationId}-${request.scope === "shown" ? "branch" : "tree"}`;
  return `alpine-${what}-${stamp}.${request.format === "json" ? "json" : "md"}`;
}
