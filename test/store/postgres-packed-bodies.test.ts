/**
 * PostgresStore's schema version 4: entry bodies stored packed (no seq, no assistant text
 * that is the join of its text blocks). The frozen version 3 fixture migrates and reads back
 * exactly; both forms read as the same entry; every other entry comes back unchanged.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { EntryRecord } from "../../src/main/agent/state/history";
import { POSTGRES_MIGRATIONS } from "../../src/main/agent/stores/postgres/migrations";
import { entryFromBody, packedBody } from "../../src/main/agent/stores/postgres/entry-body";
import { PACKED_BODIES_FIXTURE, type PackedBodiesFixture } from "../fixtures/packed-entry/make-fixture";
import { SCHEMA_TOKEN, V3_FIXTURE } from "../fixtures/postgres/make-fixture";
import { FIXTURE_CONVERSATIONS, FIXTURE_IDS_NEWEST_FIRST, TOOL_RESULT_WORD } from "../fixtures/sqlite/fixture-data";
import { PACKED_ENTRY_CASES } from "./packed-entry-cases";
import { usePostgresSchemas } from "./postgres-support";
import { assistantEntry, isoAt, makeSnapshot, toolResultEntry, userEntry } from "./records";

const pg = usePostgresSchemas();

/** A fresh schema holding the frozen version 3 fixture. */
async function schemaFromV3Fixture(): Promise<string> {
  const schema = pg.freshSchema();
  const sql = fs.readFileSync(V3_FIXTURE, "utf8").replaceAll(SCHEMA_TOKEN, schema);
  const admin = await pg.admin();
  await admin.query(sql);
  await admin.end();
  return schema;
}

async function storedBodies(schema: string, stateId: string): Promise<Record<string, unknown>[]> {
  const admin = await pg.admin();
  const rows = await admin.query(`SELECT packed_body FROM "${schema}".entries WHERE state_key = (SELECT state_key FROM "${schema}".conversations WHERE id = $1) ORDER BY seq`, [stateId]);
  return rows.rows.map((row) => JSON.parse(row.packed_body as string));
}

describe("PostgresStore packed entry bodies (schema version 4)", () => {
  it("migrates the frozen version 3 fixture and reads every conversation back exactly, then continues one", async () => {
    const schema = await schemaFromV3Fixture();
    const store = await pg.open(schema);
    expect(await store.open()).toEqual({ from: 3, to: POSTGRES_MIGRATIONS.length });
    expect((await store.list()).map((info) => info.id)).toEqual(FIXTURE_IDS_NEWEST_FIRST);
    for (const { snapshot, entries } of FIXTURE_CONVERSATIONS) expect(await store.read(snapshot.id)).toStrictEqual({ entries, snapshot });
    const found = await store.search(TOOL_RESULT_WORD);
    expect(found.map((hit) => [hit.id, hit.hitSeq])).toEqual([["lisbon-trip", 2]]);

    // New entries are stored packed beside the old whole ones, and the history reads as one.
    const [lisbon] = FIXTURE_CONVERSATIONS;
    const more = [userEntry(4, "And a third day?"), assistantEntry(5, "Sintra, by train.")];
    await store.write("lisbon-trip", more, makeSnapshot("lisbon-trip", { version: 1, task: lisbon.snapshot.task, entryCount: 6, updatedAt: isoAt(40) }), { create: false });
    expect((await store.read("lisbon-trip"))!.entries).toStrictEqual([...lisbon.entries, ...more]);
    const bodies = await storedBodies(schema, "lisbon-trip");
    expect(bodies[1]).toMatchObject({ seq: 1, text: "Let me look up the sights." });
    expect(bodies[5]).not.toHaveProperty("seq");
    expect(bodies[5]).not.toHaveProperty("text");
    expect(bodies[5]).not.toHaveProperty("error");
    expect(bodies[5]).toMatchObject({ kind: "assistant", content: [{ type: "text", text: "Sintra, by train." }] });
    expect((await store.load("lisbon-trip")).history.map((entry) => entry.text).slice(4)).toEqual(["And a third day?", "Sintra, by train."]);
    expect((await store.search("sintra")).map((hit) => [hit.id, hit.hitSeq])).toEqual([["lisbon-trip", 5]]);
  });

  it("gives back exactly what was written: texts that are not the join of their blocks, errors, unknown fields", async () => {
    const store = await pg.open(pg.freshSchema());
    const odd: EntryRecord[] = [
      userEntry(0, "Compare two files"),
      { ...assistantEntry(1, "First part. "), content: [{ type: "text", text: "First part. " }, { type: "text", text: "Second part." }], text: "First part. Second part." } as EntryRecord,
      { ...assistantEntry(2, "A summary of the turn"), content: [{ type: "text", text: "Something else entirely" }] } as EntryRecord,
      { ...assistantEntry(3, ""), content: [{ type: "tool_use", id: "c1", name: "read_file", input: { path: "a.txt" } }] } as EntryRecord,
      toolResultEntry(4, "c1", "read_file", "contents of a"),
      { seq: 5, kind: "assistant", text: "Failed", at: isoAt(5), error: { message: "overloaded" }, extra: [1, { nested: true }] } as unknown as EntryRecord,
      { seq: 6, kind: "notice", text: "A notice", at: isoAt(6), error: null },
    ];
    await store.write("odd", odd, makeSnapshot("odd", { entryCount: odd.length }), { create: true });
    expect((await store.read("odd"))!.entries).toStrictEqual(odd);
    expect(await store.readSeqRange("odd", 1, 4)).toStrictEqual(odd.slice(1, 4));
    const bodies = await storedBodies(store.schemaName, "odd");
    expect(bodies[1]).not.toHaveProperty("text");
    expect(bodies[2]).toHaveProperty("text", "A summary of the turn");
    expect(bodies[5]).toHaveProperty("error", { message: "overloaded" });
  });

  it("writes the frozen packed bodies into its rows (every case whose seq fits the column)", async () => {
    const frozen = JSON.parse(fs.readFileSync(PACKED_BODIES_FIXTURE, "utf8")) as PackedBodiesFixture;
    const cases = Object.entries(PACKED_ENTRY_CASES).filter(([, entry]) => entry.seq <= 0x7fff_ffff);
    const store = await pg.open(pg.freshSchema());
    const entries = cases.map(([, entry]) => entry);
    await store.write("packed", entries, makeSnapshot("packed", { entryCount: entries.length }), { create: true });
    const admin = await pg.admin();
    const rows = await admin.query(`SELECT packed_body FROM "${store.schemaName}".entries WHERE state_key = (SELECT state_key FROM "${store.schemaName}".conversations WHERE id = 'packed') ORDER BY seq`);
    expect(rows.rows.map((row) => row.packed_body)).toEqual(cases.map(([name]) => frozen.written[name].postgres));
  });

  it("leaves a body that is not an object, or whose own seq disagrees with its row, for the restore to name as damage", () => {
    expect(entryFromBody(3, 42)).toBe(42);
    expect(entryFromBody(3, [1, 2])).toEqual([1, 2]);
    expect(entryFromBody(3, { seq: 9, kind: "user", text: "x" })).toMatchObject({ seq: 9 });
    const packed = JSON.parse(packedBody(assistantEntry(7, "Hello")));
    expect(packed).not.toHaveProperty("seq");
    expect(entryFromBody(7, packed)).toStrictEqual(assistantEntry(7, "Hello"));
  });
});
