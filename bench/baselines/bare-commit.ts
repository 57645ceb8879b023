/**
 * The floor: one row inserted and committed in its own transaction, on a database opened
 * with the same settings as SqliteStore. No SQLite save of the same bytes can be cheaper.
 */
import Database from "better-sqlite3";

export interface SqliteSettings {
  /** Set on a new file before anything else, as SqliteStore does (e.g. INCREMENTAL). */
  autoVacuum: string;
  journalMode: string;
  synchronous: string;
  /** Further `name = value` pragmas SqliteStore sets on each connection, applied as given. */
  extra: string[];
}

export class BareCommit {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;

  constructor(readonly file: string, settings: SqliteSettings) {
    this.db = new Database(file);
    this.db.pragma(`auto_vacuum = ${settings.autoVacuum}`);
    this.db.pragma(`journal_mode = ${settings.journalMode}`);
    this.db.pragma(`synchronous = ${settings.synchronous}`);
    for (const line of settings.extra) this.db.pragma(line);
    this.db.exec("CREATE TABLE IF NOT EXISTS floor (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    this.insert = this.db.prepare("INSERT INTO floor (body) VALUES (?)");
  }

  /** One row, one transaction, committed with the database's durability setting. */
  commit(body: string): void {
    this.insert.run(body);
  }

  /** Moves the WAL into the database file so file sizes show what is stored. */
  checkpoint(): void {
    this.db.pragma("wal_checkpoint(TRUNCATE)");
  }

  close(): void {
    this.db.close();
  }
}
