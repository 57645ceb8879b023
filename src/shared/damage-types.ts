/** What the window is told about damage in the database. */

/** One `PRAGMA quick_check` of the database, run after an unclean shutdown. */
export interface DatabaseCheckView {
  /** The database file checked. */
  file: string;
  ok: boolean;
  /** What the check found (at most a few lines); empty when ok. */
  problems: string[];
  checkedAt: string;
  /** How long the check took, in milliseconds. */
  ms: number;
}

export interface DatabaseHealthView {
  /** The last run did not shut down cleanly (its running marker was still there at this start). */
  uncleanStart: boolean;
  /** The background check's result; null while it has not run (or when it is not needed). */
  check: DatabaseCheckView | null;
}

/** Where the readable part of a damaged conversation was written. */
export interface ReadableExportView {
  path: string;
  entries: number;
  skipped: number;
}
