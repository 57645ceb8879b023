/** One step of the database schema, numbered from 1; `PRAGMA user_version` is the last one applied. */
import type { Database } from "better-sqlite3";

export interface Migration {
  /** The schema version the database has after this migration. */
  version: number;
  /** What it changes, for the log and error messages. */
  description: string;
  /** Tables this migration creates; an open checks every one of them is there. */
  creates: string[];
  /** Runs inside the migration's transaction. */
  up(db: Database): void;
}
