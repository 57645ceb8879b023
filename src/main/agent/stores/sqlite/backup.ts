/**
 * A copy of the database taken before a migration: `<file>.backup-v<N>-<time>`.
 * VACUUM INTO writes a consistent, compact copy in one synchronous call while other
 * connections keep working; the copy is owner-only like the database.
 */
import fs from "node:fs";
import type { Database } from "better-sqlite3";
import { FILE_MODE } from "../../platform/owner-only";

function reserveBackupPath(file: string, version: number): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  for (let attempt = 1; ; attempt++) {
    const candidate = `${file}.backup-v${version}-${stamp}${attempt > 1 ? `-${attempt}` : ""}`;
    try {
      // VACUUM INTO accepts an existing empty file, which lets us choose its mode.
      fs.closeSync(fs.openSync(candidate, "wx", FILE_MODE));
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/** Copy the database at schema `version` beside itself; returns the copy's path. */
export function backupDatabase(db: Database, file: string, version: number): string {
  const target = reserveBackupPath(file, version);
  try {
    db.prepare("VACUUM INTO ?").run(target);
  } catch (error) {
    fs.rmSync(target, { force: true });
    throw error;
  }
  return target;
}
