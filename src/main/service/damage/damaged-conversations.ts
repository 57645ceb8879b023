/**
 * What the person can do with a conversation listed as damaged (its rows fail their checks):
 * export what is still readable, or restore it from the latest backup copy of the database.
 * Both take the id the list showed, which may be garbled.
 */
import fs from "node:fs";
import path from "node:path";
import { type SqliteStore, StateNotFoundError } from "../../agent";
import type { AppEventBus } from "../app-event-bus";
import type { DatabaseBackups } from "../database-backups";
import type { ServiceGate } from "../service-gate";
import { chooseExportTarget } from "../transfer/export-target";
import type { ExportFileChooser } from "../transfer/transfer-service";
import { DamagedRowNotFoundError, NoDatabaseBackupError, NotInBackupError } from "./damage-errors";
import { readableJson, readableMarkdown } from "./readable-export";

export interface DamagedConversationsOptions {
  /** The local database (the damage its rows' checksums find). */
  store: SqliteStore;
  backups: () => DatabaseBackups;
  bus: AppEventBus;
  gate: ServiceGate;
  dataFolder: string;
  chooseExportFile?: ExportFileChooser;
}

export interface ReadableExport {
  path: string;
  entries: number;
  skipped: number;
}

/** A file name from an id that may hold anything. */
function safeName(listedId: string): string {
  return listedId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 80) || "conversation";
}

export class DamagedConversations {
  constructor(private readonly options: DamagedConversationsOptions) {}

  /** Writes the readable entries; null when the person cancelled the save dialog. */
  async exportReadable(listedId: string, format: "markdown" | "json"): Promise<ReadableExport | null> {
    this.options.gate.assertOpen();
    const salvaged = this.options.store.salvage(listedId);
    if (!salvaged) throw new DamagedRowNotFoundError(listedId);
    const name = `${safeName(listedId)}-readable.${format === "markdown" ? "md" : "json"}`;
    const target = await chooseExportTarget(this.options.dataFolder, this.options.chooseExportFile, name);
    if (target === null) return null;
    fs.writeFileSync(target, format === "markdown" ? readableMarkdown(salvaged) : readableJson(salvaged), { mode: 0o600 });
    return { path: target, entries: salvaged.entries.length, skipped: salvaged.skipped.length };
  }

  /** Puts the conversation back as the newest backup copy holds it; returns its id. */
  restore(listedId: string): { id: string; backup: string } {
    this.options.gate.assertOpen();
    const view = this.options.backups().view();
    const latest = view.backups[0];
    if (!latest) throw new NoDatabaseBackupError(view.folder);
    let id: string;
    try {
      id = this.options.store.restoreFromBackup(listedId, path.join(view.folder, latest.name));
    } catch (error) {
      if (!(error instanceof StateNotFoundError)) throw error;
      if (this.options.store.salvage(listedId) === null) throw new DamagedRowNotFoundError(listedId);
      throw new NotInBackupError(listedId, latest.name);
    }
    this.options.bus.emit({ type: "conversation_deleted", id: listedId });
    const info = this.options.store.info(id);
    if (info) {
      this.options.bus.emit({
        type: "conversation_changed",
        summary: { ...info, branchCount: Math.max(1, this.options.store.listBranches(info.conversationId).length), running: false },
      });
    }
    return { id, backup: latest.name };
  }
}
