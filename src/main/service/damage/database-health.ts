/**
 * After an unclean shutdown (a crash, a kill, a power cut), the database is checked page by
 * page with `PRAGMA quick_check`, in the background after launch so the window never waits
 * for it, and the result is reported: an app event (`database_checked`) and, through
 * `database:health`, a notice in the window. The app knows a shutdown was unclean by a marker
 * file written at start and removed by the clean shutdown.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { DatabaseCheckView, DatabaseHealthView } from "../../../shared/damage-types";
import type { AppEventBus } from "../app-event-bus";

/** Present while Alpine runs; left behind by a run that did not shut down cleanly. */
export const RUNNING_MARKER = "alpine.running";
const MAX_PROBLEMS = 5;

export interface DatabaseHealthOptions {
  dataFolder: string;
  databaseFile: string;
  bus: AppEventBus;
  nativeBinding?: string;
}

export class DatabaseHealth {
  readonly uncleanStart: boolean;
  private check: DatabaseCheckView | null = null;
  private readonly marker: string;

  constructor(private readonly options: DatabaseHealthOptions) {
    this.marker = path.join(options.dataFolder, RUNNING_MARKER);
    this.uncleanStart = fs.existsSync(this.marker);
    fs.writeFileSync(this.marker, `${process.pid}\n`, { mode: 0o600 });
  }

  view(): DatabaseHealthView {
    return { uncleanStart: this.uncleanStart, check: this.check };
  }

  /** After an unclean start: the check, `delayMs` after launch (null when the last shutdown was clean). */
  scheduleCheck(delayMs: number): Promise<DatabaseCheckView | null> {
    if (!this.uncleanStart) return Promise.resolve(null);
    return new Promise((resolve) => {
      setTimeout(() => resolve(this.runCheck()), delayMs).unref();
    });
  }

  /** Runs `PRAGMA quick_check` on a read-only connection of its own, and reports it. */
  runCheck(): DatabaseCheckView {
    const started = Date.now();
    let problems: string[];
    try {
      const db = new Database(this.options.databaseFile, { readonly: true, fileMustExist: true, nativeBinding: this.options.nativeBinding });
      try {
        const rows = db.pragma("quick_check") as Record<string, unknown>[];
        problems = rows.map((row) => String(Object.values(row)[0])).filter((line) => line !== "ok");
      } finally {
        db.close();
      }
    } catch (error) {
      problems = [`SQLite could not check it: ${error instanceof Error ? error.message : String(error)}`];
    }
    this.check = {
      file: this.options.databaseFile,
      ok: problems.length === 0,
      problems: problems.slice(0, MAX_PROBLEMS),
      checkedAt: new Date().toISOString(),
      ms: Date.now() - started,
    };
    this.options.bus.emit({ type: "database_checked", check: this.check });
    return this.check;
  }

  /** The clean shutdown's last step: the next start knows this one ended well. */
  markCleanShutdown(): void {
    fs.rmSync(this.marker, { force: true });
  }
}
