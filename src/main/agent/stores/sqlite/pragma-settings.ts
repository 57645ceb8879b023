/** A connection's settings as SQLite reports them. */
import type BetterSqlite3 from "better-sqlite3";

export interface SqliteSettings {
  journalMode: string;
  synchronous: string;
  autoVacuum: string;
  foreignKeys: boolean;
  busyTimeoutMs: number;
  /** The log's size, in pages, past which a commit folds it into the database file (0: never). */
  walAutoCheckpointPages: number;
  schemaVersion: number;
}

const SYNCHRONOUS_NAMES = ["OFF", "NORMAL", "FULL", "EXTRA"];
const AUTO_VACUUM_NAMES = ["NONE", "FULL", "INCREMENTAL"];

export function readSettings(db: BetterSqlite3.Database): SqliteSettings {
  const read = (name: string) => db.pragma(name, { simple: true }) as number | string;
  const synchronous = Number(read("synchronous"));
  const autoVacuum = Number(read("auto_vacuum"));
  return {
    journalMode: String(read("journal_mode")),
    synchronous: SYNCHRONOUS_NAMES[synchronous] ?? String(synchronous),
    autoVacuum: AUTO_VACUUM_NAMES[autoVacuum] ?? String(autoVacuum),
    foreignKeys: Number(read("foreign_keys")) === 1,
    busyTimeoutMs: Number(read("busy_timeout")),
    walAutoCheckpointPages: Number(read("wal_autocheckpoint")),
    schemaVersion: Number(read("user_version")),
  };
}
