/**
 * Regression (found by the broken-files scenario): the database file is gone but its
 * write-ahead log is still there (deleted by hand, or by a sync tool that copied one
 * file and not the other). That log holds the latest saves. Opening must refuse with an
 * error naming the file and leave the log as it is, not start an empty database and
 * discard the log.
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteStore, StoreCorruptError } from "../../src/main/agent";
import { makeSnapshot, userEntry } from "../store/records";

let folder: string;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
});

afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A log holding saves not yet folded into the database (taken while the store is open). */
function logOfRecentSaves(): Buffer {
  const file = path.join(folder, "source.db");
  const store = new SqliteStore(file);
  try {
    store.write("older", [userEntry(0, "folded in")], makeSnapshot("older", { entryCount: 1 }), { create: true });
    const raw = new Database(file);
    raw.pragma("wal_checkpoint(TRUNCATE)");
    raw.close();
    store.write("recent", [userEntry(0, "only in the log")], makeSnapshot("recent", { entryCount: 1 }), { create: true });
    return fs.readFileSync(`${file}-wal`);
  } finally {
    store.close();
  }
}

describe("a write-ahead log without its database", () => {
  it("is refused with an error naming the file, and the log is left unchanged", () => {
    const log = logOfRecentSaves();
    expect(log.length).toBeGreaterThan(0);
    const file = path.join(folder, "conversations.db");
    fs.writeFileSync(`${file}-wal`, log);

    let thrown: unknown = null;
    try {
      new SqliteStore(file).close();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StoreCorruptError);
    expect(String(thrown)).toContain(file);
    expect(fs.readFileSync(`${file}-wal`).equals(log)).toBe(true);
  });
});
