/**
 * Errors of SqliteStore beyond the library's shared ones, and the translation of
 * SQLite's own error codes into errors a caller can act on.
 */
import { AgentError, StoreCorruptError } from "../../errors";

/** A SqliteStore used after `close()`. */
export class StoreClosedError extends AgentError {
  constructor(readonly path: string) {
    super(`The SqliteStore on ${path} is closed. Open a new SqliteStore on that file to use it again.`);
  }
}

/** Another connection kept the database locked for longer than the busy timeout. */
export class DatabaseBusyError extends AgentError {
  constructor(readonly path: string, readonly timeoutMs: number, options?: { cause?: unknown }) {
    super(
      `The database ${path} stayed locked by another connection for more than ${timeoutMs} ms. ` +
        "Another process is writing to it (or is stuck in a long write): try again, or raise busyTimeoutMs.",
      options,
    );
  }
}

interface SqliteLikeError {
  code?: unknown;
  message?: unknown;
}

function sqliteCode(error: unknown): string {
  const code = (error as SqliteLikeError | null)?.code;
  return typeof code === "string" ? code : "";
}

/** True for errors that say the database file itself is damaged or not a database. */
export function isCorruptionError(error: unknown): boolean {
  const code = sqliteCode(error);
  return code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB";
}

/** Turn a SQLite error into the library's error for it; other errors pass through. */
export function translateSqliteError(error: unknown, path: string, busyTimeoutMs: number): unknown {
  if (error instanceof AgentError) return error;
  const code = sqliteCode(error);
  if (isCorruptionError(error)) {
    return new StoreCorruptError(path, `SQLite reports ${code}: ${String((error as SqliteLikeError).message)}`, { cause: error });
  }
  if (code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT" || code === "SQLITE_LOCKED") {
    return new DatabaseBusyError(path, busyTimeoutMs, { cause: error });
  }
  if (error instanceof TypeError && /database connection is not open/i.test(error.message)) {
    return new StoreClosedError(path);
  }
  return error;
}

/** A migration that failed; its transaction was rolled back, so the database kept its version. */
export class MigrationFailedError extends AgentError {
  constructor(readonly path: string, readonly version: number, readonly backup: string | null, options: { cause: unknown }) {
    super(
      `Upgrading the database ${path} to schema version ${version} failed: ${String((options.cause as Error)?.message ?? options.cause)}. ` +
        `The upgrade was rolled back and the database keeps its earlier version` +
        (backup ? `; a copy taken before the upgrade is at ${backup}.` : "."),
      options,
    );
  }
}

/**
 * An error preparing the store's statements on a database that passed its checks: its schema
 * (tables, triggers, search index options) no longer reads as written, as a garbled page of
 * `sqlite_schema` leaves it. SQLite calls that a plain SQLITE_ERROR; we name the damage.
 */
export function translateSchemaError(error: unknown, path: string, busyTimeoutMs: number): unknown {
  if (sqliteCode(error) === "SQLITE_ERROR") {
    return new StoreCorruptError(path, `its schema cannot be read: ${String((error as SqliteLikeError).message)}`, { cause: error });
  }
  return translateSqliteError(error, path, busyTimeoutMs);
}
