/**
 * The database's backup copies, taken by the migrations before they change the schema
 * (`alpine.db.backup-v<N>-<time>`, beside the database). Only the newest few are kept: the
 * older ones are removed once the window's first screen is shown, so upgrades do not fill
 * the disk. Settings list them with their size.
 */
import fs from "node:fs";
import path from "node:path";
import type { BackupView, BackupsView } from "../../shared/update-types";

/** How many backup copies are kept. */
export const BACKUPS_KEPT = 3;

const BACKUP_NAME = /^(?<base>.+)\.backup-v(?<version>\d+)-(?<stamp>\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)(?:-\d+)?$/;

/** "2026-12-01T15-20-00-123Z" → an ISO time. */
function stampToIso(stamp: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/.exec(stamp);
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z` : stamp;
}

export class DatabaseBackups {
  constructor(
    private readonly databaseFile: string,
    readonly keep: number = BACKUPS_KEPT,
  ) {}

  /** The backup copies of the database, newest first. */
  list(): BackupView[] {
    const folder = path.dirname(this.databaseFile);
    const base = path.basename(this.databaseFile);
    const found: BackupView[] = [];
    for (const name of fs.readdirSync(folder)) {
      const match = BACKUP_NAME.exec(name);
      if (!match || match.groups!.base !== base) continue;
      let stat: fs.Stats;
      try {
        stat = fs.statSync(path.join(folder, name));
      } catch {
        continue; // removed meanwhile
      }
      if (!stat.isFile()) continue;
      found.push({ name, bytes: stat.size, schemaVersion: Number(match.groups!.version), createdAt: stampToIso(match.groups!.stamp) });
    }
    return found.sort((a, b) => (a.createdAt === b.createdAt ? b.name.localeCompare(a.name) : b.createdAt.localeCompare(a.createdAt)));
  }

  /** Remove all but the newest `keep` copies; returns the names removed. A copy that cannot be removed is left and logged. */
  prune(): string[] {
    const removed: string[] = [];
    let backups: BackupView[];
    try {
      backups = this.list();
    } catch (error) {
      // Pruning runs in the background: a folder that cannot be read is logged, never thrown from a timer.
      console.error(`The old database backups could not be listed: ${(error as Error).message}`);
      return removed;
    }
    for (const backup of backups.slice(this.keep)) {
      try {
        fs.rmSync(path.join(path.dirname(this.databaseFile), backup.name), { force: true });
        removed.push(backup.name);
      } catch (error) {
        console.error(`The old database backup ${backup.name} could not be removed: ${(error as Error).message}`);
      }
    }
    return removed;
  }

  view(): BackupsView {
    const backups = this.list();
    return { folder: path.dirname(this.databaseFile), keep: this.keep, backups, totalBytes: backups.reduce((sum, b) => sum + b.bytes, 0) };
  }
}
