/**
 * Opening the database, in the order that keeps a file we refuse untouched:
 * 1. read the header with plain file reads (garbled, truncated, too new: refused here);
 * 2. check schema version, tables and pages through SQLite without writing (validate.ts);
 * 3. only then open for writing: owner-only modes, WAL, pragmas, migrations.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { SchemaTooNewError } from "../../errors";
import { createDatabaseFile, restrictDatabaseFiles } from "./database-files";
import { inspectDatabaseFile } from "./header";
import { registerChecksumFunction } from "./row-checksum";
import { migrateDatabase, type MigrationOutcome } from "./migrate";
import type { Migration } from "./migrations";
import { type IntegrityCheck, validateDatabase } from "./validate";

export type Synchronous = "FULL" | "NORMAL";

export interface OpenDatabaseOptions {
  synchronous: Synchronous;
  busyTimeoutMs: number;
  integrityCheck: IntegrityCheck;
  nativeBinding?: string;
  migrations: readonly Migration[];
}

export interface OpenedDatabase {
  db: Database.Database;
  migration: MigrationOutcome;
}

export function openDatabase(file: string, options: OpenDatabaseOptions): OpenedDatabase {
  const absolute = path.resolve(file);
  const found = inspectDatabaseFile(absolute);
  const latest = options.migrations.length;
  if (found.kind === "database") {
    if (!found.hotWal && found.userVersion > latest) throw new SchemaTooNewError(absolute, found.userVersion, latest);
    validateDatabase(absolute, options.migrations, {
      hotWal: found.hotWal,
      busyTimeoutMs: options.busyTimeoutMs,
      integrityCheck: options.integrityCheck,
      nativeBinding: options.nativeBinding,
    });
  } else if (found.kind === "missing") {
    createDatabaseFile(absolute);
  }
  restrictDatabaseFiles(absolute);

  const db = new Database(absolute, { fileMustExist: true, timeout: options.busyTimeoutMs, nativeBinding: options.nativeBinding });
  try {
    // Incremental auto-vacuum must be chosen before the first table exists; it lets
    // delete() hand freed pages back to the file system.
    if ((db.pragma("page_count", { simple: true }) as number) === 0) db.pragma("auto_vacuum = INCREMENTAL");
    const mode = db.pragma("journal_mode = WAL", { simple: true });
    if (mode !== "wal") throw new Error(`SQLite refused WAL mode for ${absolute} (journal_mode is ${String(mode)}).`);
    db.pragma(`synchronous = ${options.synchronous}`);
    db.pragma("foreign_keys = ON");
    registerChecksumFunction(db);
    const migration = migrateDatabase(db, absolute, options.migrations);
    restrictDatabaseFiles(absolute);
    return { db, migration };
  } catch (error) {
    db.close();
    throw error;
  }
}
