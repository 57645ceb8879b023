/**
 * PostgresStore's schema version 7: the list's order is kept in a small table of its own
 * (conversations_order), so a save rewrites a conversation's row in place (a HOT update) and
 * adds nothing to its indexes; entries are keyed by their State's number (state_key) instead of
 * its id. The frozen version 6 fixture migrates with its order, its shown branch and every
 * entry; saves, deletes and search go on as before.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { POSTGRES_MIGRATIONS } from "../../src/main/agent/stores/postgres/migrations";
import { SCHEMA_TOKEN_V6, V6_FIXTURE, V6_SHOWN_AT, V6_SHOWN_ID } from "../fixtures/postgres/make-fixture-v6";
import { FIXTURE_CONVERSATIONS, FIXTURE_IDS_NEWEST_FIRST, TOOL_RESULT_WORD } from "../fixtures/sqlite/fixture-data";
import { usePostgresSchemas } from "./postgres-support";
import { isoAt, makeSnapshot, userEntry } from "./records";

const pg = usePostgresSchemas();

/** Index entries, live or not: an UPDATE that is not HOT adds one to every index of the table. */
async function indexTuples(admin: Awaited<ReturnType<typeof pg.admin>>, schema: string, index: string): Promise<number> {
  await admin.query("CREATE EXTENSION IF NOT EXISTS pgstattuple");
  const result = await admin.query(`SELECT tuple_count::int AS n FROM pgstattuple($1)`, [`"${schema}".${index}`]);
  return result.rows[0].n as number;
}

describe("PostgresStore list order (schema version 7)", () => {
  // Almost always in place: a save finding its page still holding versions another connection's snapshot
  // might see (not yet prunable) puts the new one on another page, with an index entry. Not one per save.
  it("a save rewrites the conversation's row in place: its indexes gain no entry per save", async () => {
    const schema = pg.freshSchema();
    const store = await pg.open(schema);
    const title = "A long title whose many words would be indexed again at every save";
    await store.write("c", [userEntry(0, "first")], makeSnapshot("c", { title, entryCount: 1, updatedAt: isoAt(1) }), { create: true });
    const lease = await store.acquireLease("c");
    const saves = 40;
    for (let seq = 1; seq <= saves; seq++) {
      await store.write("c", [userEntry(seq, `message ${seq}`)], makeSnapshot("c", { title, entryCount: seq + 1, updatedAt: isoAt(1 + seq) }), { create: false, lease });
    }
    await lease.release();
    const admin = await pg.admin();
    expect(await indexTuples(admin, schema, "conversations_pkey")).toBeLessThanOrEqual(saves / 10);
    expect(await indexTuples(admin, schema, "conversations_by_conversation")).toBeLessThanOrEqual(saves / 10);
    expect((await store.list()).map((row) => [row.id, row.updatedAt, row.entryCount])).toEqual([["c", isoAt(1 + saves), 1 + saves]]);
    expect((await store.search("indexed sav")).map((hit) => hit.id)).toEqual(["c"]);
  });

  it("orders the list by the latest save, and a conversation's order goes with it however its row is deleted", async () => {
    const schema = pg.freshSchema();
    const store = await pg.open(schema);
    for (const [id, minute] of [["a", 3], ["b", 1], ["c", 2]] as const) {
      await store.write(id, [userEntry(0, id)], makeSnapshot(id, { entryCount: 1, updatedAt: isoAt(minute) }), { create: true });
    }
    expect((await store.list()).map((row) => row.id)).toEqual(["a", "c", "b"]);
    await store.write("b", [userEntry(1, "later")], makeSnapshot("b", { entryCount: 2, updatedAt: isoAt(9) }), { create: false });
    // A save without a snapshot keeps the conversation's place.
    await store.write("c", [userEntry(1, "no snapshot")], null, { create: false });
    expect((await store.list()).map((row) => row.id)).toEqual(["b", "a", "c"]);
    expect((await store.list({ limit: 1, offset: 1 })).map((row) => row.id)).toEqual(["a"]);
    await store.delete("b");
    const admin = await pg.admin();
    await admin.query(`DELETE FROM "${schema}".conversations WHERE id = 'a'`);
    const order = await admin.query(`SELECT id, updated_at FROM "${schema}".conversations_order ORDER BY id`);
    expect(order.rows).toEqual([{ id: "c", updated_at: isoAt(2) }]);
    expect((await store.list()).map((row) => row.id)).toEqual(["c"]);
  });

  it("migrates the frozen version 6 fixture: the same list, the shown branch, search, and saves that move a conversation up", async () => {
    const schema = pg.freshSchema();
    const admin = await pg.admin();
    await admin.query(fs.readFileSync(V6_FIXTURE, "utf8").replaceAll(SCHEMA_TOKEN_V6, schema));
    const store = await pg.open(schema);
    expect(await store.open()).toEqual({ from: 6, to: POSTGRES_MIGRATIONS.length });
    expect((await store.list()).map((row) => row.id)).toEqual(FIXTURE_IDS_NEWEST_FIRST);
    expect((await store.info(V6_SHOWN_ID))?.shownAt).toBe(V6_SHOWN_AT);
    const indexes = await admin.query(`SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename LIKE 'conversations%' ORDER BY indexname`, [schema]);
    expect(indexes.rows.map((row) => row.indexname)).toEqual([
      "conversations_by_conversation", "conversations_by_parent", "conversations_order_newest", "conversations_order_pkey", "conversations_pkey", "conversations_search",
      "conversations_state_key",
    ]);
    const columns = await admin.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'entries' ORDER BY ordinal_position`, [schema]);
    expect(columns.rows.map((row) => row.column_name)).toEqual(["state_key", "seq", "packed_body", "words"]);
    for (const { snapshot, entries } of FIXTURE_CONVERSATIONS) {
      expect((await store.read(snapshot.id))?.entries, snapshot.id).toEqual(entries);
    }
    expect((await store.search(TOOL_RESULT_WORD)).map((hit) => [hit.id, hit.hitSeq])).toEqual([["lisbon-trip", 2]]);
    expect((await store.search("haiku mu")).map((hit) => hit.id)).toEqual(["haiku"]);
    const [lisbon] = FIXTURE_CONVERSATIONS;
    await store.write("lisbon-trip", [userEntry(4, "And Porto after Sintra?")], makeSnapshot("lisbon-trip", { version: 1, task: lisbon.snapshot.task, entryCount: 5, updatedAt: isoAt(40) }), { create: false });
    expect((await store.list()).map((row) => row.id)).toEqual(["lisbon-trip", "haiku", "fix-build"]);
    expect((await store.search("porto sint")).map((hit) => [hit.id, hit.hitSeq])).toEqual([["lisbon-trip", 4]]);
    expect((await store.read("haiku"))?.entries.map((entry) => entry.seq)).toEqual([0, 1]);
  });

  it("refuses a schema newer than it knows and leaves the version 6 fixture's rows as they were", async () => {
    const schema = pg.freshSchema();
    const admin = await pg.admin();
    await admin.query(fs.readFileSync(V6_FIXTURE, "utf8").replaceAll(SCHEMA_TOKEN_V6, schema));
    await admin.query(`INSERT INTO "${schema}".schema_version (version) VALUES ($1)`, [POSTGRES_MIGRATIONS.length + 1]);
    await expect((await pg.open(schema)).open()).rejects.toThrow(/newer|version/i);
    const left = await admin.query(`SELECT (SELECT count(*)::int FROM "${schema}".conversations) AS conversations, (SELECT count(*)::int FROM "${schema}".entries) AS entries,
      to_regclass($1) AS order_table`, [`"${schema}".conversations_order`]);
    expect(left.rows[0]).toEqual({ conversations: 3, entries: 10, order_table: null });
  });
});
