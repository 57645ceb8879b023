/**
 * Schema version 6: every row carries a checksum, written with it and verified on every read.
 * Damage a garbled page leaves is named (DamagedConversationError, naming the database file and
 * the conversation), never read as data: not a vanished conversation, not an id with garbage.
 */
import fs from "node:fs";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { DamagedConversationError, SchemaTooNewError } from "../../src/main/agent/errors";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { SCHEMA_VERSION } from "../../src/main/agent/stores/sqlite/migrations";
import { conversationChecksum, entryChecksum, snapshotChecksum } from "../../src/main/agent/stores/sqlite/row-checksum";
import { FIXTURE_CONVERSATIONS, FIXTURE_IDS_NEWEST_FIRST } from "../fixtures/sqlite/fixture-data";
import { entriesUpTo, isoAt, makeSnapshot, userEntry } from "./records";
import { backupsOf, copyFixture, sha256 } from "./sqlite-files";
import { useTempDirs } from "./temp-dirs";

const tempDir = useTempDirs();
const stores: SqliteStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function openStore(file: string): SqliteStore {
  const store = new SqliteStore(file);
  stores.push(store);
  return store;
}

/** Change the file's rows behind the store's back, as a garbled page does (the checksums stay). */
function tamper(file: string, sql: string, ...params: unknown[]): void {
  const db = new Database(file);
  try {
    db.pragma("foreign_keys = OFF"); // a garbled page breaks no constraint on its way
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

function threeConversations(): string {
  const file = `${tempDir()}/alpine.sqlite3`;
  const store = new SqliteStore(file);
  for (const [i, id] of ["alpha", "bravo", "charlie"].entries()) {
    store.write(id, entriesUpTo(4, id), makeSnapshot(id, { entryCount: 4, updatedAt: isoAt(i) }), { create: true });
  }
  store.close();
  return file;
}

function expectDamaged(error: unknown, file: string, id: string, what: RegExp): void {
  expect(error).toBeInstanceOf(DamagedConversationError);
  expect((error as DamagedConversationError).stateId).toBe(id);
  expect((error as Error).message).toContain(file);
  expect((error as Error).message).toContain(`"${id}"`);
  expect((error as Error).message).toMatch(what);
}

describe("migration 6: row checksums", () => {
  it("upgrades the frozen version 5 fixture after a copy: every row gets its checksum, every conversation reads as before", () => {
    const file = copyFixture(5, tempDir());
    const store = openStore(file);
    const [backup] = backupsOf(file);
    expect(store.schema).toEqual({ from: 5, to: SCHEMA_VERSION, backup });
    const old = new Database(backup, { readonly: true });
    expect(old.pragma("user_version", { simple: true })).toBe(5);
    old.close();
    expect(store.list().map((info) => info.id)).toEqual(FIXTURE_IDS_NEWEST_FIRST);
    expect(store.list().filter((info) => info.damaged)).toEqual([]);
    for (const { snapshot, entries } of FIXTURE_CONVERSATIONS) expect(store.read(snapshot.id)).toEqual({ entries, snapshot });

    const db = new Database(file, { readonly: true });
    const conversations = db.prepare("SELECT * FROM conversations").all() as (Parameters<typeof conversationChecksum>[0] & { checksum: number })[];
    for (const row of conversations) expect(row.checksum).toBe(conversationChecksum(row));
    const entries = db.prepare("SELECT id >> 32 AS num, id & 0xFFFFFFFF AS seq, kind, body, checksum FROM entries").all() as { num: number; seq: number; kind: string; body: string; checksum: number }[];
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.checksum).toBe(entryChecksum(e.num, e.seq, e.kind, e.body));
    const snapshots = db.prepare("SELECT state_id, body, checksum FROM snapshots").all() as { state_id: string; body: string; checksum: number }[];
    for (const s of snapshots) expect(s.checksum).toBe(snapshotChecksum(s.state_id, s.body));
    db.close();
  });

  it("refuses a database of a newer schema, byte for byte untouched", () => {
    const file = copyFixture(6, tempDir());
    tamper(file, `PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    const before = sha256(file);
    expect(() => new SqliteStore(file)).toThrow(SchemaTooNewError);
    expect(sha256(file)).toBe(before);
    expect(backupsOf(file)).toEqual([]);
  });

  it("writes checksums with each save, rename and update, and reads them back clean", () => {
    const file = threeConversations();
    const store = openStore(file);
    store.rename("bravo", "Renamed");
    store.write("bravo", [userEntry(4, "one more")], makeSnapshot("bravo", { entryCount: 5, title: "Renamed", updatedAt: isoAt(9) }), { create: false });
    expect(store.list().filter((info) => info.damaged)).toEqual([]);
    expect(store.read("bravo")!.entries).toHaveLength(5);
    expect(store.info("bravo")).toMatchObject({ title: "Renamed", entryCount: 5 });
  });
});

describe("damage is named, never hidden", () => {
  it("an entry whose body changed on disk: DamagedConversationError naming the file and the conversation; the others load", () => {
    const file = threeConversations();
    tamper(file, "UPDATE entries SET body = json_set(body, '$.text', 'garbled') WHERE id = ((SELECT num FROM conversations WHERE id = 'bravo') << 32) + 2");
    const store = openStore(file);
    expectDamaged(thrown(() => store.read("bravo")), store.path, "bravo", /history entry 2 does not match its checksum/);
    expect(() => store.readRange("bravo", 3)).toThrow(DamagedConversationError);
    expect(store.read("alpha")!.entries).toHaveLength(4);
    expect(store.read("charlie")!.entries).toHaveLength(4);
    store.delete("bravo");
    expect(store.read("bravo")).toBeNull();
  });

  it("a snapshot changed on disk is named, in read, readHead and rename", async () => {
    const file = threeConversations();
    tamper(file, "UPDATE snapshots SET body = json_set(body, '$.task', 'other') WHERE state_id = 'bravo'");
    const store = openStore(file);
    expectDamaged(thrown(() => store.read("bravo")), store.path, "bravo", /snapshot does not match its checksum/);
    await expect(store.readHead("bravo")).rejects.toThrow(DamagedConversationError);
    expect(() => store.rename("bravo", "x")).toThrow(DamagedConversationError);
  });

  it("a missing snapshot row is named as damage", () => {
    const file = threeConversations();
    tamper(file, "DELETE FROM snapshots WHERE state_id = 'bravo'");
    const store = openStore(file);
    expectDamaged(thrown(() => store.read("bravo")), store.path, "bravo", /snapshot row is missing/);
  });

  it("an id garbled on disk: listed as damaged (never missing), and loading the old id names the damage instead of 'not saved'", async () => {
    const file = threeConversations();
    tamper(file, "UPDATE conversations SET id = 'br\u0001vo' WHERE id = 'bravo'");
    const store = openStore(file);
    const listed = store.list();
    expect(listed).toHaveLength(3);
    expect(listed.find((info) => info.id === "br\u0001vo")?.damaged).toMatch(/checksum/);
    expect(listed.filter((info) => info.damaged)).toHaveLength(1);
    expect(store.listConversations().filter((info) => info.damaged)).toHaveLength(1);
    expectDamaged(thrown(() => store.read("bravo")), store.path, "bravo", /not found, and 1 conversation row\(s\) of this database fail their checksum/);
    await expect(store.load("bravo")).rejects.toThrow(DamagedConversationError);
    expect(store.read("alpha")!.entries).toHaveLength(4);
  });

  it("a conversation row's values changed on disk (its count, its title) are named when read", () => {
    const file = threeConversations();
    tamper(file, "UPDATE conversations SET title = 'Tampered' WHERE id = 'charlie'");
    const store = openStore(file);
    expect(store.info("charlie")?.damaged).toBeDefined();
    expectDamaged(thrown(() => store.read("charlie")), store.path, "charlie", /list row does not match its checksum/);
  });

  it("an id truly not saved is still plainly absent when nothing is damaged", () => {
    const store = openStore(threeConversations());
    expect(store.read("delta")).toBeNull();
    expect(fs.existsSync(store.path)).toBe(true);
  });
});

describe("what can be done with a damaged conversation", () => {
  it("salvage() gives the entries that pass their check, found by the id list() showed, even a garbled one", () => {
    const file = threeConversations();
    tamper(file, "UPDATE entries SET body = json_set(body, '$.text', 'garbled') WHERE id = ((SELECT num FROM conversations WHERE id = 'bravo') << 32) + 2");
    tamper(file, "UPDATE conversations SET id = 'br\u0001vo' WHERE id = 'bravo'");
    const store = openStore(file);
    const salvaged = store.salvage("br\u0001vo")!;
    expect(salvaged.entries.map((e) => e.seq)).toEqual([0, 1, 3]);
    expect(salvaged.skipped).toEqual([2]);
    expect(salvaged.snapshot).toBeNull(); // its snapshot is keyed by the id the row no longer has
    expect(store.salvage("nobody")).toBeNull();
  });

  it("restoreFromBackup() puts the conversation back as the latest backup copy holds it; the others stay", () => {
    const file = threeConversations();
    const backup = `${file}.backup-v6-copy`;
    const source = new Database(file);
    source.prepare("VACUUM INTO ?").run(backup);
    source.close();
    tamper(file, "UPDATE conversations SET id = 'br\u0001vo' WHERE id = 'bravo'");
    const store = openStore(file);
    const backupBytes = sha256(backup);
    expect(store.restoreFromBackup("br\u0001vo", backup)).toBe("bravo");
    expect(sha256(backup)).toBe(backupBytes);
    expect(store.list().filter((info) => info.damaged)).toEqual([]);
    expect(store.list().map((info) => info.id).sort()).toEqual(["alpha", "bravo", "charlie"]);
    expect(store.read("bravo")!.entries).toHaveLength(4);
    expect(store.read("alpha")!.entries).toHaveLength(4);
  });
});
