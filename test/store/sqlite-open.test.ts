/**
 * Opening a database file: new files and folders are owner-only; a file from a newer
 * Alpine, a garbled, truncated or foreign file is refused with its path and left
 * byte-for-byte as it was, with no -wal/-shm files appearing beside it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SchemaTooNewError, StoreCorruptError } from "../../src/main/agent/errors";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { StoreClosedError } from "../../src/main/agent/stores/sqlite/sqlite-errors";
import { SCHEMA_VERSION } from "../../src/main/agent/stores/sqlite/migrations";
import { entriesUpTo, makeSnapshot } from "./records";
import { copyFixture, folderState, modeOf } from "./sqlite-files";
import { useTempDirs } from "./temp-dirs";

const tempDir = useTempDirs();
const stores: SqliteStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function openStore(file: string, options?: ConstructorParameters<typeof SqliteStore>[1]): SqliteStore {
  const store = new SqliteStore(file, options);
  stores.push(store);
  return store;
}

function refusal(file: string): unknown {
  try {
    openStore(file);
  } catch (error) {
    return error;
  }
  throw new Error(`${file} was opened`);
}

/** Opening `file` fails with `errorClass`, naming the file, and changes nothing in its folder. */
function expectRefusedUnchanged(file: string, errorClass: new (...args: never[]) => Error): Error {
  const before = folderState(file);
  const error = refusal(file) as Error;
  expect(error).toBeInstanceOf(errorClass);
  expect((error as Error & { path: string }).path).toBe(file);
  expect(error.message).toContain(file);
  expect(folderState(file)).toEqual(before); // same files, same bytes: no -wal, -shm or backup appeared
  expect(refusal(file)).toBeInstanceOf(errorClass); // and it stays refused
  return error;
}

/** A copy of the current fixture whose schema version is `version`, folded into one file. */
function databaseWithVersion(folder: string, version: number): string {
  const file = copyFixture(SCHEMA_VERSION, folder);
  const db = new Database(file);
  db.pragma(`user_version = ${version}`);
  db.close();
  expect(fs.readdirSync(folder)).toEqual(["alpine.sqlite3"]);
  return file;
}

describe("opening a database file", () => {
  it("creates missing folders 0700 and the database, its -wal and -shm 0600", () => {
    const root = tempDir();
    const file = path.join(root, "new", "deeper", "alpine.sqlite3");
    const store = openStore(file);
    store.write("private", entriesUpTo(3), makeSnapshot("private", { entryCount: 3 }), { create: true });
    expect(modeOf(path.join(root, "new"))).toBe("700");
    expect(modeOf(path.join(root, "new", "deeper"))).toBe("700");
    for (const name of ["alpine.sqlite3", "alpine.sqlite3-wal", "alpine.sqlite3-shm"]) {
      expect([name, modeOf(path.join(root, "new", "deeper", name))]).toEqual([name, "600"]);
    }
    expect(modeOf(root)).toBe("700"); // mkdtemp's own, untouched
  });

  it("makes an existing database and the -wal/-shm it gets later 0600", () => {
    const folder = tempDir();
    const file = copyFixture(SCHEMA_VERSION, folder);
    fs.chmodSync(file, 0o644);
    const store = openStore(file);
    store.write("later", entriesUpTo(2), makeSnapshot("later", { entryCount: 2 }), { create: true });
    for (const name of ["alpine.sqlite3", "alpine.sqlite3-wal", "alpine.sqlite3-shm"]) {
      expect([name, modeOf(path.join(folder, name))]).toEqual([name, "600"]);
    }
  });

  it("treats a zero-length file as a new, empty database", () => {
    const file = path.join(tempDir(), "empty.sqlite3");
    fs.writeFileSync(file, "");
    const store = openStore(file);
    expect(store.schema).toEqual({ from: 0, to: SCHEMA_VERSION, backup: null });
    expect(store.list()).toEqual([]);
  });

  it("refuses a database from a newer Alpine with SchemaTooNewError, unchanged", () => {
    const file = databaseWithVersion(tempDir(), SCHEMA_VERSION + 7);
    const error = expectRefusedUnchanged(file, SchemaTooNewError) as SchemaTooNewError;
    expect(error.found).toBe(SCHEMA_VERSION + 7);
    expect(error.supported).toBe(SCHEMA_VERSION);
  });

  it("refuses a newer database whose version is still in its write-ahead log, log and file unchanged", () => {
    const source = tempDir();
    const file = copyFixture(SCHEMA_VERSION, source);
    const writer = new Database(file);
    writer.pragma("wal_autocheckpoint = 0");
    writer.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    // Copy the files while the writer still has them open: a process killed at this point.
    const crashed = tempDir();
    for (const suffix of ["", "-wal"]) fs.copyFileSync(`${file}${suffix}`, path.join(crashed, `alpine.sqlite3${suffix}`));
    writer.close();
    const copy = path.join(crashed, "alpine.sqlite3");
    const header = fs.readFileSync(copy).readUInt32BE(60);
    expect(header).toBe(SCHEMA_VERSION); // the main file still says the current version: only the log knows better
    const before = folderState(copy);
    expect(refusal(copy)).toBeInstanceOf(SchemaTooNewError);
    const after = folderState(copy);
    expect(after["alpine.sqlite3"]).toBe(before["alpine.sqlite3"]);
    expect(after["alpine.sqlite3-wal"]).toBe(before["alpine.sqlite3-wal"]);
  });

  it("refuses a file of random bytes as corrupt, unchanged", () => {
    const file = path.join(tempDir(), "alpine.sqlite3");
    fs.writeFileSync(file, randomBytes(64 * 1024));
    expect(expectRefusedUnchanged(file, StoreCorruptError).message).toContain("not a SQLite database");
  });

  it("refuses a database cut in half as truncated, unchanged", () => {
    const file = copyFixture(SCHEMA_VERSION, tempDir());
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(file, bytes.subarray(0, bytes.length / 2));
    expect(expectRefusedUnchanged(file, StoreCorruptError).message).toContain("truncated");
  });

  it("refuses a file shorter than the SQLite header, unchanged", () => {
    const file = path.join(tempDir(), "alpine.sqlite3");
    fs.writeFileSync(file, "SQLite format 3\u0000 and then nothing");
    expect(expectRefusedUnchanged(file, StoreCorruptError).message).toContain("truncated");
  });

  /** A copy of fixture `version` with its `entries` table's page (page 6) overwritten. */
  function garbledEntriesPage(version = SCHEMA_VERSION, folder = tempDir()): string {
    const file = copyFixture(version, folder);
    const reader = new Database(file); // read-write: closing it removes the -wal/-shm it made
    const page = reader.prepare("SELECT pageno FROM dbstat WHERE name = 'entries' ORDER BY pageno DESC LIMIT 1").pluck().get() as number;
    reader.close();
    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    bytes.fill(0x5a, pageSize * (page - 1), pageSize * page);
    fs.writeFileSync(file, bytes);
    return file;
  }

  it("refuses a database with a garbled page when asked to check every page, unchanged", () => {
    const file = garbledEntriesPage();
    const before = folderState(file);
    expect(() => openStore(file, { integrityCheck: "always" })).toThrow(StoreCorruptError);
    expect(folderState(file)).toEqual(before);
  });

  it("checks every page of a database its last process did not close, and refuses a garbled one unchanged", () => {
    const source = garbledEntriesPage();
    const writer = new Database(source);
    writer.pragma("wal_autocheckpoint = 0");
    writer.prepare("INSERT INTO leases VALUES ('x', 't', 1, 'h', 0)").run(); // touches another page
    const crashed = tempDir();
    for (const suffix of ["", "-wal"]) fs.copyFileSync(`${source}${suffix}`, path.join(crashed, `alpine.sqlite3${suffix}`));
    writer.close();
    const file = path.join(crashed, "alpine.sqlite3");
    const before = folderState(file);
    expect(Object.keys(before)).toEqual(["alpine.sqlite3", "alpine.sqlite3-wal"]);
    const error = refusal(file) as StoreCorruptError;
    expect(error).toBeInstanceOf(StoreCorruptError);
    expect(error.path).toBe(file);
    const after = folderState(file);
    expect([after["alpine.sqlite3"], after["alpine.sqlite3-wal"]]).toEqual([before["alpine.sqlite3"], before["alpine.sqlite3-wal"]]);
  });

  it("checks every page before migrating, and refuses a garbled old database unchanged, without a copy", () => {
    expect(expectRefusedUnchanged(garbledEntriesPage(1), StoreCorruptError).message).toContain("malformed");
  });

  it("opens a cleanly closed database without reading every page, and reports a garbled page when met", () => {
    const file = garbledEntriesPage();
    const store = openStore(file);
    expect(store.list().map((info) => info.id)).toContain("lisbon-trip"); // other pages are fine
    const error = (() => {
      try {
        store.read("lisbon-trip");
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(StoreCorruptError);
    expect((error as StoreCorruptError).path).toBe(file);
    expect((error as Error).message).toContain(file);
  });

  it("refuses a SQLite database that is not Alpine's, unchanged", () => {
    const file = path.join(tempDir(), "other.sqlite3");
    const db = new Database(file);
    db.exec("CREATE TABLE recipes (name TEXT)");
    db.close();
    expect(expectRefusedUnchanged(file, StoreCorruptError).message).toContain("not an Alpine database");
  });

  it("refuses a database of our version whose tables are missing, unchanged", () => {
    const file = copyFixture(SCHEMA_VERSION, tempDir());
    const db = new Database(file);
    db.exec("DROP TABLE snapshots");
    db.close();
    expect(expectRefusedUnchanged(file, StoreCorruptError).message).toContain("snapshots");
  });

  it("closes with the log folded into the file, and refuses use after close", () => {
    const file = path.join(tempDir(), "alpine.sqlite3");
    const store = new SqliteStore(file);
    store.write("kept", entriesUpTo(3), makeSnapshot("kept", { entryCount: 3 }), { create: true });
    store.close();
    store.close(); // twice is fine
    expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
    expect(() => store.read("kept")).toThrow(StoreClosedError);
    const copy = path.join(tempDir(), "copy.sqlite3");
    fs.copyFileSync(file, copy); // the main file alone holds everything
    expect(openStore(copy).read("kept")!.entries).toEqual(entriesUpTo(3));
  });

  it("applies the synchronous choice: FULL by default, NORMAL when asked", () => {
    const folder = tempDir();
    expect(openStore(path.join(folder, "a.sqlite3")).settings()).toMatchObject({ synchronous: "FULL", journalMode: "wal" });
    expect(openStore(path.join(folder, "b.sqlite3"), { synchronous: "NORMAL" }).settings()).toMatchObject({ synchronous: "NORMAL" });
  });
});
