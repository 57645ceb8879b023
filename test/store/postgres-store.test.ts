/**
 * PostgresStore beyond the shared contract: count, rename, full-text search (prefixes as
 * you type, hostile input quoted), numbered migrations with a newer schema refused
 * untouched, and an unreachable server reported as such.
 */
import { describe, expect, it } from "vitest";
import { SchemaTooNewError, StoreCorruptError } from "../../src/main/agent/errors";
import { PostgresStore, PostgresUnreachableError } from "../../src/main/agent/stores/postgres";
import { POSTGRES_MIGRATIONS } from "../../src/main/agent/stores/postgres/migrations";
import { freeLoopbackPort } from "../support/postgres-cluster";
import { usePostgresSchemas } from "./postgres-support";
import { assistantEntry, entriesUpTo, isoAt, makeSnapshot, toolResultEntry, userEntry } from "./records";

const pg = usePostgresSchemas();

async function freshStore(): Promise<PostgresStore> {
  return pg.open(pg.freshSchema());
}

describe("PostgresStore", () => {
  it("counts, renames (row and snapshot) and reports one conversation's line", async () => {
    const store = await freshStore();
    expect(await store.count()).toBe(0);
    for (const id of ["a", "b", "c"]) await store.write(id, entriesUpTo(2, id), makeSnapshot(id, { entryCount: 2 }), { create: true });
    expect(await store.count()).toBe(3);
    const renamed = await store.rename("b", "Holiday plans ✈");
    expect(renamed).toMatchObject({ id: "b", title: "Holiday plans ✈", task: "Task of b" });
    expect((await store.read("b"))!.snapshot!.title).toBe("Holiday plans ✈");
    expect(await store.info("b")).toEqual(renamed);
    expect(await store.info("nobody")).toBeNull();
    await expect(store.rename("nobody", "x")).rejects.toThrow(/No State with id "nobody"/);
    expect((await store.search("holiday")).map((r) => r.id)).toEqual(["b"]);
  });

  it("searches task, title and message text by prefix, newest first, with a snippet of the latest hit", async () => {
    const store = await freshStore();
    await store.write(
      "old",
      [
        userEntry(0, "What is in the attic box?"),
        assistantEntry(1, "Let me read the inventory.", { id: "c1", name: "read_file", input: { path: "attic.txt" } }),
        toolResultEntry(2, "c1", "read_file", "Inventory: a brass sextant, two lamps, one Zeppelin model."),
      ],
      makeSnapshot("old", { entryCount: 3, updatedAt: isoAt(1), task: "What is in the attic box?" }),
      { create: true },
    );
    await store.write("new", [userEntry(0, "Café crème for the zeppelin crew")], makeSnapshot("new", { entryCount: 1, updatedAt: isoAt(5) }), {
      create: true,
    });
    const results = await store.search("zepp");
    expect(results.map((r) => r.id)).toEqual(["new", "old"]);
    expect(results[1].snippet).toContain("Zeppelin model");
    expect((await store.search("CAFE zep")).map((r) => r.id)).toEqual(["new"]); // accents and case folded, every word
    expect((await store.search("attic")).map((r) => r.id)).toEqual(["old"]);
    expect(await store.searchCount("zeppelin")).toBe(2);
    expect(await store.searchPage("zeppelin", { limit: 1, offset: 1 })).toMatchObject({ total: 2, items: [{ id: "old" }] });
  });

  it("reads hostile input as plain words, never as query syntax", async () => {
    const store = await freshStore();
    await store.write("q", [userEntry(0, "it's a don't & can't | !not (x) <-> y:* test\\")], makeSnapshot("q", { entryCount: 1 }), { create: true });
    for (const input of ["'", "''", "\\", "don't", "& | ! ( ) <-> :*", "x:* & !", "' OR 1=1 --", "\u0000", "a'b\\'c", "'); DROP TABLE entries; --"]) {
      await expect(store.search(input), input).resolves.toBeInstanceOf(Array);
    }
    expect((await store.search("don't")).map((r) => r.id)).toEqual(["q"]);
    expect((await store.search("(x) test\\")).map((r) => r.id)).toEqual(["q"]);
    expect(await store.search("   ")).toEqual([]);
    expect(await store.count()).toBe(1);
  });

  it("records each migration's version in a table, and opens an up-to-date schema without migrating", async () => {
    const schema = pg.freshSchema();
    const store = await pg.open(schema);
    expect(await store.open()).toEqual({ from: 0, to: POSTGRES_MIGRATIONS.length });
    const admin = await pg.admin();
    const versions = await admin.query(`SELECT version FROM "${schema}".schema_version ORDER BY version`);
    expect(versions.rows.map((r) => r.version)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
    const again = await pg.open(schema);
    expect(await again.open()).toEqual({ from: POSTGRES_MIGRATIONS.length, to: POSTGRES_MIGRATIONS.length });
  });

  it("refuses a schema newer than it knows and leaves it untouched", async () => {
    const schema = pg.freshSchema();
    const store = await pg.open(schema);
    await store.write("kept", entriesUpTo(3, "kept"), makeSnapshot("kept", { entryCount: 3 }), { create: true });
    const admin = await pg.admin();
    await admin.query(`INSERT INTO "${schema}".schema_version (version) VALUES (99)`);
    const dump = async () => (await admin.query(`SELECT state_key, seq, packed_body FROM "${schema}".entries ORDER BY seq`)).rows;
    const before = await dump();
    const newer = await pg.open(schema);
    const error = await newer.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect((error as Error).message).toMatch(new RegExp(`schema version 99, newer than the ${POSTGRES_MIGRATIONS.length}`));
    await expect(newer.write("kept", [userEntry(3, "x")], null, { create: false })).rejects.toBeInstanceOf(SchemaTooNewError);
    expect(await dump()).toEqual(before);
    const versions = await admin.query(`SELECT max(version) AS v FROM "${schema}".schema_version`);
    expect(versions.rows[0].v).toBe(99);
  });

  it("names an entry whose stored text is not JSON as damage of that State, and its connection serves the next read", async () => {
    const schema = pg.freshSchema();
    const store = await pg.open(schema, { maxConnections: 1 });
    await store.write("damaged", entriesUpTo(40, "damaged"), makeSnapshot("damaged", { entryCount: 40 }), { create: true });
    await store.write("intact", entriesUpTo(3, "intact"), makeSnapshot("intact", { entryCount: 3 }), { create: true });
    const admin = await pg.admin();
    await admin.query(`UPDATE "${schema}".entries SET packed_body = '{"seq": 7, "kind"' WHERE state_key = (SELECT state_key FROM "${schema}".conversations WHERE id = 'damaged') AND seq = 7`);
    const error = await store.load("damaged").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreCorruptError);
    expect((error as Error).message).toMatch(/entry 7 of State "damaged" is not valid JSON/);
    await expect(store.readSeqRange("damaged", 0, 7)).resolves.toHaveLength(7);
    expect((await store.load("intact")).history.map((entry) => entry.seq)).toEqual([0, 1, 2]);
  });

  it("gives a history back in seq order when the server returns its rows in another order", async () => {
    const schema = pg.freshSchema();
    const store = await pg.open(schema);
    await store.write("shuffled", entriesUpTo(30, "shuffled"), makeSnapshot("shuffled", { entryCount: 30 }), { create: true });
    const admin = await pg.admin();
    // Stored again newest first, so a scan of the table meets the entries in descending seq order.
    await admin.query(`CREATE TEMP TABLE kept AS SELECT * FROM "${schema}".entries WHERE state_key = (SELECT state_key FROM "${schema}".conversations WHERE id = 'shuffled')`);
    await admin.query(`DELETE FROM "${schema}".entries WHERE state_key = (SELECT state_key FROM "${schema}".conversations WHERE id = 'shuffled')`);
    await admin.query(`INSERT INTO "${schema}".entries SELECT * FROM kept ORDER BY seq DESC`);
    const stored = await admin.query(`SELECT seq FROM "${schema}".entries WHERE state_key = (SELECT state_key FROM "${schema}".conversations WHERE id = 'shuffled')`);
    expect(stored.rows.map((row) => row.seq)).not.toEqual([...Array(30).keys()]);
    const seqs = (entries: readonly { seq: number }[]) => entries.map((entry) => entry.seq);
    expect(seqs((await store.load("shuffled")).history)).toEqual([...Array(30).keys()]);
    expect(seqs((await store.readRange("shuffled", 11))!.entries)).toEqual([...Array(12).keys()]);
    expect(seqs((await store.readSeqRange("shuffled", 5, 9))!)).toEqual([5, 6, 7, 8]);
  });

  it("reports a server it cannot reach as PostgresUnreachableError, naming the server without the password", async () => {
    const port = await freeLoopbackPort();
    const store = new PostgresStore(`postgres://someone:secret-pw@127.0.0.1:${port}/nowhere`, { connectTimeoutMs: 2000 });
    const error = await store.list().catch((caught: unknown) => caught);
    await store.close();
    expect(error).toBeInstanceOf(PostgresUnreachableError);
    expect((error as Error).message).toContain(`127.0.0.1:${port}/nowhere`);
    expect((error as Error).message).not.toContain("secret-pw");
  });
});
