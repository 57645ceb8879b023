/**
 * The migration runner: applies the numbered migrations a database has not run yet,
 * each in its own IMMEDIATE transaction, after taking a copy of an existing database.
 * Two processes opening an old database at once are safe: each migration re-reads the
 * version inside its transaction and skips what the other process already did.
 */
import type { Database } from "better-sqlite3";
import { SchemaTooNewError } from "../../errors";
import { backupDatabase } from "./backup";
import { MigrationFailedError } from "./sqlite-errors";
import type { Migration } from "./migrations";

export interface MigrationOutcome {
  from: number;
  to: number;
  /** The copy taken before migrating, or null when nothing was migrated or the database was new. */
  backup: string | null;
}

export function userVersion(db: Database): number {
  return db.pragma("user_version", { simple: true }) as number;
}

/** Throws unless the migrations are numbered 1, 2, 3, ... in order. */
export function checkMigrationOrder(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration "${migration.description}" has version ${migration.version}; expected ${index + 1}.`);
    }
  });
}

export function migrateDatabase(db: Database, file: string, migrations: readonly Migration[]): MigrationOutcome {
  checkMigrationOrder(migrations);
  const latest = migrations.length;
  const from = userVersion(db);
  if (from > latest) throw new SchemaTooNewError(file, from, latest);
  if (from === latest) return { from, to: from, backup: null };

  const backup = from > 0 ? backupDatabase(db, file, from) : null;
  for (const migration of migrations.slice(from)) {
    try {
      db.transaction(() => {
        const current = userVersion(db);
        if (current >= migration.version) return; // another process got here first
        migration.up(db);
        db.pragma(`user_version = ${migration.version}`);
      }).immediate();
    } catch (error) {
      throw new MigrationFailedError(file, migration.version, backup, { cause: error });
    }
  }
  return { from, to: userVersion(db), backup };
}
