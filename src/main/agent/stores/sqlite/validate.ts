/**
 * Checks an existing database before anything writes to it: its schema version is one
 * we know, the tables of that version are there, and, when the integrity policy asks for
 * it, `PRAGMA quick_check` finds no damaged page. A database without a hot write-ahead log is checked through a
 * read-write connection that never writes: closing it removes the -wal/-shm files it
 * created and leaves the file byte-for-byte as it was. With a hot log we read through a
 * read-only connection, which never checkpoints the log into the file.
 */
import Database from "better-sqlite3";
import { SchemaTooNewError, StoreCorruptError } from "../../errors";
import { isCorruptionError } from "./sqlite-errors";
import type { Migration } from "./migrations";

/**
 * When opening runs `PRAGMA quick_check` (it reads every page: about 10 ms per MB).
 * "after-crash": when the last process did not close the database (its write-ahead log
 * is still there) or before a migration rewrites it; "always"; or "never".
 */
export type IntegrityCheck = "always" | "after-crash" | "never";

export interface ValidateOptions {
  hotWal: boolean;
  busyTimeoutMs: number;
  integrityCheck: IntegrityCheck;
  nativeBinding?: string;
}

function describeProblem(rows: unknown[]): string {
  const lines = rows.map((row) => String(Object.values(row as object)[0]));
  return lines.slice(0, 3).join("; ") + (lines.length > 3 ? `; and ${lines.length - 3} more` : "");
}

function checkTables(file: string, version: number, tables: Set<string>, migrations: readonly Migration[]): void {
  const ours = [...tables].filter((name) => !name.startsWith("sqlite_"));
  if (version === 0) {
    if (ours.length > 0) {
      throw new StoreCorruptError(file, `not an Alpine database: it has no schema version but has tables (${ours.slice(0, 5).join(", ")})`);
    }
    return;
  }
  const missing = migrations
    .filter((migration) => migration.version <= version)
    .flatMap((migration) => migration.creates)
    .filter((name) => !tables.has(name));
  if (missing.length > 0) {
    throw new StoreCorruptError(file, `schema version ${version} but the table(s) ${missing.join(", ")} are missing`);
  }
}

/**
 * `PRAGMA quick_check`'s rows. At schema version 2 it also computes each entry's search
 * text with json_extract, so an entry garbled on disk stops it with a plain SQLite error:
 * that is damaged data all the same.
 */
function quickCheck(db: Database.Database, file: string): unknown[] {
  try {
    return db.pragma("quick_check") as unknown[];
  } catch (error) {
    if (isCorruptionError(error)) throw error;
    throw new StoreCorruptError(file, `the integrity check stopped at damaged data: ${(error as Error).message}`, { cause: error });
  }
}

/** Throws SchemaTooNewError or StoreCorruptError; returns the database's schema version. */
export function validateDatabase(file: string, migrations: readonly Migration[], options: ValidateOptions): number {
  const latest = migrations.length;
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: options.hotWal, fileMustExist: true, timeout: options.busyTimeoutMs, nativeBinding: options.nativeBinding });
    // The version and the tables from one snapshot: another process may be creating the
    // database at this moment, and its first migration commits both at once.
    const readSchema = db.transaction((connection: Database.Database) => ({
      version: connection.pragma("user_version", { simple: true }) as number,
      tables: new Set(connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[]),
    }));
    const { version, tables } = readSchema(db);
    if (version > latest) throw new SchemaTooNewError(file, version, latest);
    if (version < 0) throw new StoreCorruptError(file, `schema version ${version} is negative`);
    checkTables(file, version, tables, migrations);
    const migrating = version > 0 && version < latest;
    const check = options.integrityCheck === "always" || (options.integrityCheck === "after-crash" && (options.hotWal || migrating));
    if (check) {
      const rows = quickCheck(db, file);
      const ok = rows.length === 1 && String(Object.values(rows[0] as object)[0]) === "ok";
      if (!ok) throw new StoreCorruptError(file, `damaged pages: ${describeProblem(rows)}`);
    }
    return version;
  } catch (error) {
    if (isCorruptionError(error)) {
      throw new StoreCorruptError(file, `SQLite cannot read it: ${(error as Error).message}`, { cause: error });
    }
    if ((error as { code?: unknown }).code === "SQLITE_ERROR") {
      throw new StoreCorruptError(file, `its schema cannot be read: ${(error as Error).message}`, { cause: error });
    }
    throw error;
  } finally {
    db?.close();
  }
}
