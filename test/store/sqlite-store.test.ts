/**
 * SqliteStore beyond the shared contract: one transaction per save, statements that
 * look rows up by key (so a save costs the same at any history length), the row list()
 * shows, rename, and space handed back by delete.
 */
import { registerChecksumFunction } from "../../src/main/agent/stores/sqlite/row-checksum";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidStateIdError, StateNotFoundError } from "../../src/main/agent/errors";
import type { EntryRecord } from "../../src/main/agent/state/history";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { SAVE_STATEMENTS, STORE_SQL } from "../../src/main/agent/stores/sqlite/statements";
import { assistantEntry, entriesUpTo, entryAt, isoAt, makeSnapshot, toolResultEntry, userEntry } from "./records";
import { useTempDirs } from "./temp-dirs";

const tempDir = useTempDirs();
const stores: SqliteStore[] = [];
const connections: Database.Database[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const db of connections.splice(0)) db.close();
});

function openStore(file = path.join(tempDir(), "alpine.sqlite3")): SqliteStore {
  const store = new SqliteStore(file);
  stores.push(store);
  return store;
}

function connect(file: string): Database.Database {
  const db = new Database(file);
  connections.push(db);
  return db;
}

/**
 * SQLite's plan for `sql`, one line per step, parameters bound to null. A parameter given as a
 * scalar subquery (compiled-once-param.ts) reads one constant row and no table: its two steps are left out.
 */
function queryPlan(db: Database.Database, sql: string): string[] {
  const named = [...new Set([...sql.matchAll(/:(\w+)/g)].map((m) => m[1]))];
  const statement = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const rows = (named.length > 0
    ? statement.all(Object.fromEntries(named.map((name) => [name, null])))
    : statement.all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null))) as { detail: string }[];
  const steps = rows.map((row) => row.detail);
  return steps.filter((step, i) => step !== "SCAN CONSTANT ROW" && !(/^SCALAR SUBQUERY \d+$/.test(step) && steps[i + 1] === "SCAN CONSTANT ROW"));
}

describe("SqliteStore", () => {
  it("writes a save as one transaction: a failure at its last statement leaves nothing", () => {
    const store = openStore();
    const db = connect(store.path);
    db.exec("CREATE TRIGGER refuse_snapshot BEFORE INSERT ON snapshots BEGIN SELECT RAISE(ABORT, 'disk trouble'); END");
    const entries = [userEntry(0, "a unique-word-kumquat"), toolResultEntry(1, "c", "t", "result")];
    expect(() => store.write("atomic", entries, makeSnapshot("atomic", { entryCount: 2 }), { create: true })).toThrow("disk trouble");
    expect(store.read("atomic")).toBeNull();
    expect(db.prepare("SELECT count(*) FROM entries").pluck().get()).toBe(0);
    expect(store.search("kumquat")).toEqual([]);
    db.exec("DROP TRIGGER refuse_snapshot");
    store.write("atomic", entries, makeSnapshot("atomic", { entryCount: 2 }), { create: true });
    expect(store.read("atomic")!.entries).toEqual(entries);
  });

  it("saves through statements that look rows up by key, never scanning a table", () => {
    const store = openStore();
    const db = connect(store.path);
    registerChecksumFunction(db); // the conversation row's stamp computes its checksum in SQL
    for (const name of SAVE_STATEMENTS) {
      const plan = queryPlan(db, STORE_SQL[name]);
      expect([name, plan.filter((step) => /\bSCAN\b/.test(step))]).toEqual([name, []]);
    }
    // A conversation's entries are one range of the primary key: no second index, no sort.
    expect(queryPlan(db, STORE_SQL.selectEntryChunk)).toEqual([expect.stringMatching(/^SEARCH entries USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/)]);
    expect(queryPlan(db, STORE_SQL.deleteEntries)).toEqual([expect.stringMatching(/^SEARCH entries USING INTEGER PRIMARY KEY/)]);
    // list() walks the updated_at index in order: no sort of all conversations.
    const listPlan = queryPlan(db, STORE_SQL.list);
    expect(listPlan.join("\n")).toContain("conversations_by_updated");
    expect(listPlan.join("\n")).not.toContain("TEMP B-TREE");
  });

  it("reads the sidebar's first page along the updated_at index and counts conversations from an index", () => {
    const store = openStore();
    const db = connect(store.path);
    // A page of conversations stops after its rows: no window over every row, no sort of them all.
    const pagePlan = queryPlan(db, STORE_SQL.listConversations).join("\n");
    expect(pagePlan).toMatch(/SCAN c USING INDEX conversations_by_updated/);
    expect(pagePlan).not.toContain("TEMP B-TREE");
    expect(pagePlan).not.toMatch(/CO-ROUTINE|MATERIALIZE/);
    // The count reads the conversation index, not the table's rows.
    expect(queryPlan(db, STORE_SQL.countConversations).join("\n")).toContain("SCAN conversations USING COVERING INDEX conversations_by_conversation");
  });

  it("keeps the conversation row list() reads: counts every stored entry, snapshot or not", () => {
    const store = openStore();
    store.write("row", entriesUpTo(3), makeSnapshot("row", { entryCount: 3, updatedAt: isoAt(5) }), { create: true });
    store.write("row", [entryAt(3), entryAt(4)], null, { create: false });
    store.write("row", [entryAt(4)], null, { create: false }); // re-sent: not counted twice
    expect(store.info("row")).toMatchObject({ id: "row", entryCount: 5, updatedAt: isoAt(5) });
    expect(store.count()).toBe(1);
    expect(store.info("nobody")).toBeNull();
  });

  it("stores each text once: a body leaves out what its row says and an assistant turn's joined text, and reads back the same", () => {
    const store = openStore();
    const reply = assistantEntry(1, "The figures look buoyant.", { id: "c1", name: "chart", input: { style: "bar" } });
    const odd = { ...assistantEntry(2, "shown"), text: "not the join of its blocks" } as EntryRecord; // kept as it is
    const entries = [userEntry(0, "How are the numbers?"), reply, odd];
    store.write("once", entries, makeSnapshot("once", { entryCount: 3 }), { create: true });
    const bodies = connect(store.path).prepare("SELECT body FROM entries ORDER BY id").pluck().all() as string[];
    expect(bodies[1].split("The figures look buoyant.")).toHaveLength(2); // once, inside its block
    for (const body of bodies) expect(Object.keys(JSON.parse(body))).not.toEqual(expect.arrayContaining(["seq"]));
    expect(bodies.some((body) => /"kind"|"error"/.test(body))).toBe(false);
    expect(JSON.parse(bodies[2]).text).toBe("not the join of its blocks");
    expect(store.read("once")!.entries).toEqual(entries);
  });

  it("renames a conversation in its row and snapshot without touching its history", () => {
    const store = openStore();
    store.write("named", entriesUpTo(4), makeSnapshot("named", { entryCount: 4 }), { create: true });
    const info = store.rename("named", "A better name");
    expect(info).toMatchObject({ id: "named", title: "A better name", task: "Task of named" });
    expect(store.list()[0].title).toBe("A better name");
    const record = store.read("named")!;
    expect(record.snapshot!.title).toBe("A better name");
    expect(record.entries).toEqual(entriesUpTo(4));
    expect(() => store.rename("nobody", "x")).toThrow(StateNotFoundError);
  });

  it("refuses malformed writes before touching the database", () => {
    const store = openStore();
    expect(() => store.write("bad", [{ ...userEntry(0, "x"), seq: -1 }], makeSnapshot("bad", { entryCount: 1 }), { create: true })).toThrow(TypeError);
    expect(() => store.write("bad", [{ ...userEntry(0, "x"), seq: 1.5 } as EntryRecord], makeSnapshot("bad", { entryCount: 1 }), { create: true })).toThrow(
      TypeError,
    );
    expect(() => store.write("bad", [userEntry(0, "x")], null, { create: true })).toThrow(TypeError);
    expect(() => store.write("../escape", [userEntry(0, "x")], makeSnapshot("x", { entryCount: 1 }), { create: true })).toThrow(/Invalid State id/);
    expect(store.count()).toBe(0);
  });

  it("refuses an id that is not a State id in every method taking one, before reading", async () => {
    const store = openStore();
    for (const id of [{}, [], true, 42, null, "../escape"] as unknown as string[]) {
      expect(() => store.read(id)).toThrow(InvalidStateIdError);
      await expect(store.readHead(id)).rejects.toThrow(InvalidStateIdError);
      await expect(store.load(id)).rejects.toThrow(InvalidStateIdError);
      expect(() => store.info(id)).toThrow(InvalidStateIdError);
      expect(() => store.delete(id)).toThrow(InvalidStateIdError);
      expect(() => store.rename(id, "x")).toThrow(InvalidStateIdError);
      expect(() => store.acquireLease(id)).toThrow(InvalidStateIdError);
    }
  });

  it("saves, renames, searches and deletes entries and data nested deeper than SQLite's JSON functions read", () => {
    const store = openStore();
    let deep: unknown = "bottom";
    for (let i = 0; i < 1_500; i++) deep = { deeper: deep };
    const turn = { ...userEntry(0, "a quokka question"), extra: deep } as EntryRecord;
    store.write("deep", [turn], makeSnapshot("deep", { entryCount: 1, data: deep }), { create: true });
    expect(store.rename("deep", "Renamed").title).toBe("Renamed");
    const record = store.read("deep")!;
    expect(record.snapshot).toEqual({ ...makeSnapshot("deep", { entryCount: 1, data: deep }), title: "Renamed" });
    expect(record.entries).toEqual([turn]);
    expect(store.search("quokka").map((r) => r.id)).toEqual(["deep"]);
    store.delete("deep");
    expect(store.search("quokka")).toEqual([]);
  });

  it("hands the space of a deleted conversation back to the file system", () => {
    const file = path.join(tempDir(), "alpine.sqlite3");
    let store = openStore(file);
    const big = Array.from({ length: 40 }, (_, seq) => toolResultEntry(seq, `c${seq}`, "read_file", `${seq} ${"x".repeat(100_000)}`));
    store.write("big", big, makeSnapshot("big", { entryCount: 40 }), { create: true });
    store.write("small", entriesUpTo(2), makeSnapshot("small", { entryCount: 2 }), { create: true });
    store.close();
    const full = fs.statSync(file).size;
    expect(full).toBeGreaterThan(4_000_000);

    store = openStore(file);
    store.delete("big");
    store.close();
    expect(fs.statSync(file).size).toBeLessThan(full - 3_500_000);
    expect(openStore(file).read("small")!.entries).toEqual(entriesUpTo(2));
  });
});
