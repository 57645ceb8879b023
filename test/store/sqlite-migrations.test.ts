/**
 * Schema versions: each migration from its frozen fixture, a copy taken before
 * migrating, and a failing migration rolled back.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { MigrationFailedError } from "../../src/main/agent/stores/sqlite/sqlite-errors";
import { migrateDatabase } from "../../src/main/agent/stores/sqlite/migrate";
import { MIGRATIONS, SCHEMA_VERSION } from "../../src/main/agent/stores/sqlite/migrations";
import type { Migration } from "../../src/main/agent/stores/sqlite/migrations";
import { FIXTURE_CONVERSATIONS, FIXTURE_IDS_NEWEST_FIRST, TOOL_RESULT_WORD } from "../fixtures/sqlite/fixture-data";
import { isoAt, makeSnapshot, userEntry } from "./records";
import { backupsOf, copyFixture, modeOf } from "./sqlite-files";
import { useTempDirs } from "./temp-dirs";

const tempDir = useTempDirs();
const stores: SqliteStore[] = [];
const connections: Database.Database[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const db of connections.splice(0)) db.close();
});

function openStore(file: string): SqliteStore {
  const store = new SqliteStore(file);
  stores.push(store);
  return store;
}

function connect(file: string, readonly = false): Database.Database {
  const db = new Database(file, { readonly, fileMustExist: readonly });
  connections.push(db);
  return db;
}

function tables(db: Database.Database): string[] {
  return db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[];
}

/** What a store reads back matches the conversations the fixtures were made with. */
function expectFixtureConversations(store: SqliteStore): void {
  expect(store.list().map((info) => info.id)).toEqual(FIXTURE_IDS_NEWEST_FIRST);
  for (const { snapshot, entries } of FIXTURE_CONVERSATIONS) {
    expect(store.read(snapshot.id)).toEqual({ entries, snapshot });
  }
}

function ftsIntegrity(file: string): void {
  const db = connect(file);
  db.exec("INSERT INTO entry_search (entry_search) VALUES ('integrity-check')");
  db.exec("INSERT INTO conversation_search (conversation_search) VALUES ('integrity-check')");
}

describe("schema versions", () => {
  it("ships numbered migrations 1..N, N being the version this code writes", () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(SCHEMA_VERSION).toBe(7);
  });

  it("migration 1 creates the tables of a new database, with incremental auto-vacuum, and takes no copy", () => {
    const file = path.join(tempDir(), "new.sqlite3");
    const store = openStore(file);
    expect(store.schema).toEqual({ from: 0, to: SCHEMA_VERSION, backup: null });
    store.close();
    const db = connect(file, true);
    expect(db.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma("auto_vacuum", { simple: true })).toBe(2); // INCREMENTAL
    expect(tables(db)).toEqual(expect.arrayContaining(["conversations", "entries", "snapshots", "leases"]));
    expect(backupsOf(file)).toEqual([]);
  });

  it("migration 1 alone gives exactly the version 1 schema of the frozen fixture", () => {
    const folder = tempDir();
    const fresh = connect(path.join(folder, "fresh.sqlite3"));
    migrateDatabase(fresh, path.join(folder, "fresh.sqlite3"), MIGRATIONS.slice(0, 1));
    const fixture = connect(copyFixture(1, folder), true);
    const schema = (db: Database.Database) => db.prepare("SELECT type, name, sql FROM sqlite_schema ORDER BY name").all();
    expect(schema(fresh)).toEqual(schema(fixture));
    expect(fixture.pragma("user_version", { simple: true })).toBe(1);
  });

  it("migrates the version 1 fixture to the latest version after taking a copy, keeping every conversation", () => {
    const folder = tempDir();
    const file = copyFixture(1, folder);
    const store = openStore(file);
    expect(store.schema.from).toBe(1);
    expect(store.schema.to).toBe(SCHEMA_VERSION);

    const [backup] = backupsOf(file);
    expect(store.schema.backup).toBe(backup);
    expect(path.basename(backup)).toMatch(/^alpine\.sqlite3\.backup-v1-\d{4}-\d\d-\d\dT[\d-]+Z$/);
    expect(modeOf(backup)).toBe("600");
    const copy = connect(backup, true);
    expect(copy.pragma("user_version", { simple: true })).toBe(1);
    expect(copy.prepare("SELECT id FROM conversations ORDER BY id").pluck().all()).toEqual(["fix-build", "haiku", "lisbon-trip"]);

    expectFixtureConversations(store);
    // Migration 2 renumbered entry rows to (conversation num << 32) + seq; migration 4 keys them by that alone.
    const raw = connect(file, true);
    const orphans = raw.prepare("SELECT count(*) FROM entries WHERE (id >> 32) NOT IN (SELECT num FROM conversations)").pluck().get();
    expect(orphans).toBe(0);
    expect(raw.prepare("SELECT count(*) FROM entries").pluck().get()).toBe(FIXTURE_CONVERSATIONS.reduce((n, c) => n + c.entries.length, 0));
    // Migration 2 indexed the old conversations: a word only in an old tool result is found.
    const found = store.search(TOOL_RESULT_WORD.slice(0, 6));
    expect(found.map((r) => r.id)).toEqual(["lisbon-trip"]);
    expect(found[0].snippet).toContain(TOOL_RESULT_WORD);
    expect(store.search("mum").map((r) => r.id)).toEqual(["haiku"]);
    expect(store.search("stopped")).toEqual([]); // notices are not indexed
    ftsIntegrity(file);
  });

  it("keeps indexing after the migration: new saves and renames are found", () => {
    const store = openStore(copyFixture(1, tempDir()));
    store.write("after", [userEntry(0, "a marmalade question")], makeSnapshot("after", { entryCount: 1 }), { create: true });
    store.rename("lisbon-trip", "Porto instead");
    expect(store.search("marma").map((r) => r.id)).toEqual(["after"]);
    expect(store.search("porto").map((r) => r.id)).toEqual(["lisbon-trip"]);
    ftsIntegrity(store.path);
  });

  it("migrates the version 2 fixture through version 3 (searched text taken out in JavaScript): the index still finds it", () => {
    const folder = tempDir();
    const file = copyFixture(2, folder);
    const store = openStore(file);
    const [backup] = backupsOf(file);
    expect(store.schema).toEqual({ from: 2, to: SCHEMA_VERSION, backup });
    expect(connect(backup, true).pragma("user_version", { simple: true })).toBe(2);
    expectFixtureConversations(store);
    expect(store.search(TOOL_RESULT_WORD).map((r) => r.id)).toEqual(["lisbon-trip"]);
    expect(store.search("mum").map((r) => r.id)).toEqual(["haiku"]);
    expect(store.search("stopped")).toEqual([]); // notices are not indexed
    ftsIntegrity(file);
  });

  it("migrates the version 3 fixture to version 4: entries keyed by id alone, text stored once, old bodies read as before", () => {
    const file = copyFixture(3, tempDir());
    const before = connect(file, true);
    const terms = (d: Database.Database) => {
      d.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.terms USING fts5vocab(main, entry_search, 'row')");
      return d.prepare("SELECT term, doc FROM temp.terms ORDER BY term").all();
    };
    const termsBefore = terms(before);
    before.close();
    connections.splice(connections.indexOf(before), 1);

    const store = openStore(file);
    const [backup] = backupsOf(file);
    expect(store.schema).toEqual({ from: 3, to: SCHEMA_VERSION, backup });
    expectFixtureConversations(store);
    const db = connect(file, true);
    expect(db.prepare("SELECT name FROM pragma_table_info('entries') ORDER BY cid").pluck().all()).toEqual(["id", "kind", "body", "checksum"]); // version 6 adds the checksum
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE tbl_name = 'entries' AND type = 'index'").pluck().all()).toEqual([]);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'entries'").pluck().all()).toEqual([]);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'entry_search_%' ORDER BY name").pluck().all()).not.toContain("entry_search_content");
    // The index holds the same terms in the same entries as before, without the text.
    expect(terms(db)).toEqual(termsBefore);
    expect(store.search(TOOL_RESULT_WORD.slice(0, 5)).map((r) => r.id)).toEqual(["lisbon-trip"]);
    expect(store.search(TOOL_RESULT_WORD)[0].snippet).toContain(TOOL_RESULT_WORD);
    ftsIntegrity(file);
    // Deleting a migrated conversation removes its entries and their index rows.
    store.delete("lisbon-trip");
    expect(store.search(TOOL_RESULT_WORD)).toEqual([]);
    expect(db.prepare("SELECT count(*) FROM entries WHERE (id >> 32) NOT IN (SELECT num FROM conversations)").pluck().get()).toBe(0);
    ftsIntegrity(file);
  });

  it("migrates a version 2 database holding an entry garbled on disk: the others stay searchable, the garbled one is left out", () => {
    const file = copyFixture(2, tempDir());
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf(Buffer.from(`"Top sights`));
    expect(at).toBeGreaterThan(0);
    bytes[at] = 0x01; // that entry's JSON no longer parses
    fs.writeFileSync(file, bytes);
    // The check before migrating computes version 2's search column, so it refuses the file as damaged...
    expect(() => new SqliteStore(file)).toThrow(/damaged data: malformed JSON/);
    expect(backupsOf(file)).toEqual([]);
    // ...and a person who opts out of the check gets every other conversation back.
    const store = new SqliteStore(file, { integrityCheck: "never" });
    stores.push(store);
    expect(store.schema.to).toBe(SCHEMA_VERSION);
    expect(store.search(TOOL_RESULT_WORD)).toEqual([]);
    expect(store.search("haiku").map((r) => r.id)).toEqual(["haiku"]);
    expect(() => store.read("lisbon-trip")).toThrow(/not valid JSON/);
    store.delete("lisbon-trip");
    expect(store.list().map((info) => info.id)).not.toContain("lisbon-trip");
    ftsIntegrity(file);
  });

  it("migrates the version 4 fixture to version 5: every conversation a root of its own, the copy taken first", () => {
    const file = copyFixture(4, tempDir());
    const store = openStore(file);
    const [backup] = backupsOf(file);
    expect(store.schema).toEqual({ from: 4, to: SCHEMA_VERSION, backup });
    expect(connect(backup, true).pragma("user_version", { simple: true })).toBe(4);
    expectFixtureConversations(store);
    expect(store.list().map((row) => [row.id, row.conversationId, row.parent])).toEqual(FIXTURE_IDS_NEWEST_FIRST.map((id) => [id, id, null]));
    expect(store.listConversations().map((row) => [row.id, row.branchCount])).toEqual(FIXTURE_IDS_NEWEST_FIRST.map((id) => [id, 1]));
    const db = connect(file, true);
    const columns = db.prepare("SELECT name FROM pragma_table_info('conversations') ORDER BY cid").pluck().all();
    expect(columns).toEqual(expect.arrayContaining(["conversation_id", "parent_id", "parent_seq", "retained"]));
    // A migrated conversation loads, and a branch of it stores only its own entries.
    const lisbon = FIXTURE_CONVERSATIONS.find((c) => c.snapshot.id === "lisbon-trip")!;
    const fork = lisbon.entries.length - 2;
    store.write("lisbon-b", [userEntry(fork + 1, "what about Porto?")], makeSnapshot("lisbon-b", { entryCount: fork + 2, updatedAt: isoAt(100_000), parent: { id: "lisbon-trip", seq: fork }, conversationId: "lisbon-trip" }), { create: true });
    expect(store.read("lisbon-b")!.entries.map((e) => e.seq)).toEqual([fork + 1]);
    expect(store.listConversations().find((row) => row.conversationId === "lisbon-trip")).toMatchObject({ id: "lisbon-b", branchCount: 2 });
    ftsIntegrity(file);
  });

  it("migrates the version 6 fixture to version 7: the copy taken first, no branch shown apart, checksums as they were", async () => {
    const file = copyFixture(6, tempDir());
    const store = openStore(file);
    const [backup] = backupsOf(file);
    expect(store.schema).toEqual({ from: 6, to: 7, backup });
    expect(connect(backup, true).pragma("user_version", { simple: true })).toBe(6);
    expectFixtureConversations(store);
    expect(store.list().map((row) => [row.id, row.shownAt, row.damaged])).toEqual(FIXTURE_IDS_NEWEST_FIRST.map((id) => [id, undefined, undefined]));
    expect(store.listConversations().map((row) => row.id)).toEqual(FIXTURE_IDS_NEWEST_FIRST);
    // A branch shown after the migration keeps its conversation's time and place.
    const lisbon = FIXTURE_CONVERSATIONS.find((c) => c.snapshot.id === "lisbon-trip")!;
    const fork = lisbon.entries.length - 2;
    store.write("lisbon-b", [userEntry(fork + 1, "what about Porto?")], makeSnapshot("lisbon-b", { entryCount: fork + 2, updatedAt: lisbon.snapshot.updatedAt, parent: { id: "lisbon-trip", seq: fork }, conversationId: "lisbon-trip" }), { create: true });
    const before = store.listConversations().map((row) => [row.conversationId, row.updatedAt]);
    await store.show("lisbon-trip", isoAt(1_000_000));
    expect(store.listConversations().map((row) => [row.conversationId, row.updatedAt])).toEqual(before);
    expect(store.listConversations().find((row) => row.conversationId === "lisbon-trip")).toMatchObject({ id: "lisbon-trip", branchCount: 2 });
    const columns = connect(file, true).prepare("SELECT name FROM pragma_table_info('conversations') ORDER BY cid").pluck().all();
    expect(columns).toContain("shown_at");
    ftsIntegrity(file);
  });

  it("opens the version 7 fixture as it is: no migration, no copy", () => {
    const file = copyFixture(7, tempDir());
    const store = openStore(file);
    expect(store.schema).toEqual({ from: 7, to: 7, backup: null });
    expect(backupsOf(file)).toEqual([]);
    expectFixtureConversations(store);
    expect(store.search(TOOL_RESULT_WORD).map((r) => r.id)).toEqual(["lisbon-trip"]);
  });

  it("rolls a failing migration back: the database keeps its version and data, the copy stays", () => {
    const folder = tempDir();
    const file = copyFixture(SCHEMA_VERSION, folder);
    const failing: Migration = {
      version: SCHEMA_VERSION + 1,
      description: "a migration that fails half-way",
      creates: ["half_done"],
      up(db) {
        db.exec("CREATE TABLE half_done (x)");
        db.exec("DELETE FROM entries");
        throw new Error("disk on fire");
      },
    };
    const db = connect(file);
    const error = (() => {
      try {
        migrateDatabase(db, file, [...MIGRATIONS, failing]);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(MigrationFailedError);
    expect((error as Error).message).toContain(`schema version ${SCHEMA_VERSION + 1}`);
    expect((error as Error).message).toContain("disk on fire");
    const [backup] = backupsOf(file);
    expect((error as Error).message).toContain(backup);
    expect(db.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
    expect(tables(db)).not.toContain("half_done");
    db.close();
    connections.splice(connections.indexOf(db), 1);
    expectFixtureConversations(openStore(file));
  });

  it("lets a second opener find the work done: two stores opening one old database migrate it once", () => {
    const file = copyFixture(1, tempDir());
    const first = openStore(file);
    const second = openStore(file);
    expect(first.schema.to).toBe(SCHEMA_VERSION);
    expect(second.schema).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION, backup: null });
    expect(backupsOf(file)).toHaveLength(1);
    expect(fs.existsSync(file)).toBe(true);
  });
});
