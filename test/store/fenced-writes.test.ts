/**
 * Fenced writes of SqliteStore and FileStore in one process: once another runner holds the
 * State's lease, a write naming the old lease writes nothing and throws LeaseLostError, and
 * the old lease's `confirm()` says so too. (Across processes: test/agent/fenced-lease.test.ts.)
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { FileStore, LeaseLostError, SqliteStore } from "../../src/main/agent";
import { entriesUpTo, makeSnapshot, userEntry } from "./records";
import { useTempDirs } from "./temp-dirs";

const tempDir = useTempDirs();
const sqliteStores: SqliteStore[] = [];
afterEach(() => {
  for (const store of sqliteStores.splice(0)) store.close();
});

describe("a write naming a lease that was taken over", () => {
  it("is refused by SqliteStore inside its transaction", async () => {
    const file = path.join(tempDir(), "alpine.sqlite3");
    const store = new SqliteStore(file);
    sqliteStores.push(store);
    store.write("s", entriesUpTo(2, "s"), makeSnapshot("s", { entryCount: 2 }), { create: true });
    const lease = store.acquireLease("s");
    store.write("s", [userEntry(2, "while held")], makeSnapshot("s", { entryCount: 3 }), { create: false, lease });
    const db = new Database(file);
    db.prepare("UPDATE leases SET token = 'taker', host = 'machine-b', pid = 4242 WHERE state_id = 's'").run(); // another machine took it over
    db.close();
    const before = store.read("s");
    expect(() => store.write("s", [userEntry(3, "late")], makeSnapshot("s", { entryCount: 4 }), { create: false, lease })).toThrow(LeaseLostError);
    expect(() => lease.confirm!()).toThrow(/taken over by process 4242 on host "machine-b"/);
    expect(lease.lost).toBe(true);
    expect(store.read("s")).toEqual(before);
  });

  it("is refused by FileStore before it writes", async () => {
    const root = path.join(tempDir(), "runs");
    const store = new FileStore(root);
    await store.write("f", entriesUpTo(2, "f"), makeSnapshot("f", { entryCount: 2 }), { create: true });
    const lease = store.acquireLease("f");
    await store.write("f", [userEntry(2, "while held")], makeSnapshot("f", { entryCount: 3 }), { create: false, lease });
    const lockFile = fs.readdirSync(root).map((name) => path.join(root, name, "lock")).find((file) => fs.existsSync(file))!;
    fs.writeFileSync(lockFile, JSON.stringify({ pid: 4242, host: "machine-b", token: "taker", since: new Date().toISOString() }));
    const before = await store.read("f");
    await expect(store.write("f", [userEntry(3, "late")], makeSnapshot("f", { entryCount: 4 }), { create: false, lease })).rejects.toBeInstanceOf(LeaseLostError);
    expect(() => lease.confirm!()).toThrow(/taken over by process 4242 on machine-b/);
    expect(lease.lost).toBe(true);
    expect(await store.read("f")).toEqual(before);
    fs.rmSync(lockFile);
    await expect(store.write("f", [userEntry(3, "late")], null, { create: false, lease })).rejects.toThrow(/its lock file was removed/);
    lease.release();
  });
});
