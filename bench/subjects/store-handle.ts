/**
 * Our two stores opened in a scratch folder, with what the benchmarks need around them:
 * the files to size and a way to fold SQLite's write-ahead log into the database first.
 */
import Database from "better-sqlite3";
import path from "node:path";
import { FileStore } from "../../src/main/agent/stores/file/file-store";
import { SqliteStore, type SqliteStoreOptions } from "../../src/main/agent/stores/sqlite/sqlite-store";
import type { Store } from "../../src/main/agent/stores/store";
import { sizeOnDisk } from "../lib/io";

export interface StoreHandle {
  /** Figure key part: sqlite, file, memory. */
  key: string;
  label: string;
  store: Store;
  /** SqliteStore's database file. */
  file?: string;
  /** FileStore's folder. */
  folder?: string;
  /** Bytes on disk, WAL folded in first. */
  storedBytes(): number;
  close(): Promise<void>;
}

/** Folds the WAL into the database through a second connection, as a later launch would. */
export function checkpointSqlite(file: string): void {
  const db = new Database(file);
  try {
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}

export function sqliteFilesSize(file: string): number {
  return sizeOnDisk(file) + sizeOnDisk(`${file}-wal`);
}

export function openSqlite(folder: string, options?: SqliteStoreOptions): StoreHandle {
  const file = path.join(folder, "alpine.db");
  const store = new SqliteStore(file, options);
  return {
    key: "sqlite",
    label: "SqliteStore",
    store,
    file,
    storedBytes() {
      checkpointSqlite(file);
      return sqliteFilesSize(file);
    },
    async close() {
      store.close();
    },
  };
}

export function openFiles(folder: string): StoreHandle {
  const root = path.join(folder, "runs");
  const store = new FileStore(root);
  return {
    key: "file",
    label: "FileStore",
    store,
    folder: root,
    storedBytes: () => sizeOnDisk(root),
    async close() {},
  };
}

export type StoreOpener = (folder: string) => StoreHandle;
