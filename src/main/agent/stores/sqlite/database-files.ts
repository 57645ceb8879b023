/**
 * Owner-only files: history holds tool results and messages. SQLite creates the -wal
 * and -shm files with the main file's permission bits, so a main file that is 0600
 * before SQLite opens it gives 0600 companions too.
 */
import fs from "node:fs";
import path from "node:path";
import { FILE_MODE, ensurePrivateFolder } from "../../platform/owner-only";

/** The companion files SQLite keeps beside a database in WAL mode. */
export function companionFiles(file: string): string[] {
  return [`${file}-wal`, `${file}-shm`];
}

/** Create the folders (0700) and the empty database file (0600) that do not exist yet. */
export function createDatabaseFile(file: string): void {
  ensurePrivateFolder(path.dirname(file));
  try {
    fs.closeSync(fs.openSync(file, "wx", FILE_MODE));
  } catch (error) {
    // Another process created it first: that one is used as it is.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/** Make the database and any companions owner-only (read and write). */
export function restrictDatabaseFiles(file: string): void {
  for (const target of [file, ...companionFiles(file)]) {
    try {
      if ((fs.statSync(target).mode & 0o777) !== FILE_MODE) fs.chmodSync(target, FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}
