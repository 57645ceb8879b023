/**
 * SqliteStore's settings, read from a live SqliteStore connection rather than copied, so the
 * floor stays on the same settings if the store's defaults change.
 */
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import type { SqliteSettings } from "../baselines/bare-commit";
import { withTempFolder } from "../lib/temp";

const SYNCHRONOUS = ["OFF", "NORMAL", "FULL", "EXTRA"];
const AUTO_VACUUM = ["NONE", "FULL", "INCREMENTAL"];

export function sqliteStoreSettings(): Promise<SqliteSettings> {
  return withTempFolder(async (folder) => {
    const store = new SqliteStore(path.join(folder, "settings.db"));
    try {
      // The store keeps its connection private; reading its pragmas changes nothing.
      const db = (store as unknown as { db: BetterSqlite3.Database }).db;
      const read = (name: string) => db.pragma(name, { simple: true }) as string | number;
      return {
        autoVacuum: AUTO_VACUUM[Number(read("auto_vacuum"))],
        journalMode: String(read("journal_mode")).toUpperCase(),
        synchronous: SYNCHRONOUS[Number(read("synchronous"))],
        extra: [`foreign_keys = ${read("foreign_keys") ? "ON" : "OFF"}`, `busy_timeout = ${read("busy_timeout")}`],
      };
    } finally {
      store.close();
    }
  });
}
