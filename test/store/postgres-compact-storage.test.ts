/**
 * PostgresStore's schema version 6: an entry's search words are kept in its row only when the
 * server cannot derive exactly the same words from its body (the index derives them), and the
 * indexes that every save rewrote are smaller. The frozen version 3 fixture migrates and is
 * found as before; the server's words match this store's own for every body it derives.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { EntryRecord } from "../../src/main/agent/state/history";
import { storedWords } from "../../src/main/agent/stores/postgres/body-words";
import { packedBody } from "../../src/main/agent/stores/postgres/entry-body";
import { POSTGRES_MIGRATIONS } from "../../src/main/agent/stores/postgres/migrations";
import { indexedWords } from "../../src/main/agent/stores/postgres/search-words";
import { SCHEMA_TOKEN, V3_FIXTURE } from "../fixtures/postgres/make-fixture";
import { FIXTURE_CONVERSATIONS, TOOL_RESULT_WORD } from "../fixtures/sqlite/fixture-data";
import { usePostgresSchemas } from "./postgres-support";
import { assistantEntry, isoAt, makeSnapshot, toolResultEntry, userEntry } from "./records";

const pg = usePostgresSchemas();

const DERIVED: EntryRecord[] = [
  userEntry(0, "Plan a trip to Lisbon, 3 days; budget: 900 EUR (flights excluded)."),
  assistantEntry(1, "Day one: the Alfama. Day two: Sintra by train!"),
  { ...assistantEntry(2, "Two blocks joined"), content: [{ type: "text", text: "Two blocks" }, { type: "tool_use", id: "c", name: "n", input: { q: [1, { deep: true }] } }, { type: "text", text: " joined" }] } as EntryRecord,
  toolResultEntry(3, "c", "n", "RESULT: 42 rows, 7 of them new"),
  { ...assistantEntry(4, "kept apart"), content: [{ type: "text", text: "not the text" }] } as EntryRecord,
];

const KEPT: [string, EntryRecord][] = [
  ["accents", userEntry(0, "Café in Belém, naïve")],
  ["another script", userEntry(1, "東京 and Kyoto")],
  ["a NUL", userEntry(2, "before\u0000after")],
  ["a lone surrogate", userEntry(3, "broken \ud800 pair")],
  ["a word over 100 characters", userEntry(4, `short ${"x".repeat(101)}`)],
  ["no words", userEntry(5, "... !!! ...")],
  ["not searched", { seq: 6, kind: "notice", text: "The run was stopped.", at: isoAt(1), error: null } as EntryRecord],
  ["deep nesting", assistantEntry(7, "deep", { id: "c", name: "n", input: JSON.parse(`${"[".repeat(40)}${"]".repeat(40)}`) })],
  ["a text block whose text is not a string", { ...assistantEntry(8, "odd"), text: "odd", content: [{ type: "text", text: 5 }] } as unknown as EntryRecord],
];

async function serverWords(admin: Awaited<ReturnType<typeof pg.admin>>, schema: string, body: string): Promise<string[]> {
  const result = await admin.query(`SELECT tsvector_to_array("${schema}".body_words($1)) AS words`, [body]);
  return (result.rows[0].words as string[]).sort();
}

describe("PostgresStore compact storage (schema version 6)", () => {
  it("leaves out of the row exactly the words the server derives from the body, the same words this store indexes", async () => {
    const schema = pg.freshSchema();
    await (await pg.open(schema)).open();
    const admin = await pg.admin();
    for (const entry of DERIVED) {
      const body = packedBody(entry);
      expect(storedWords(entry, body), entry.text).toBeNull();
      expect(await serverWords(admin, schema, body), entry.text).toEqual(indexedWords(entry.text)!.split(" ").sort());
    }
    for (const [what, entry] of KEPT) expect(storedWords(entry, packedBody(entry)), what).toBe(indexedWords(entry.kind === "notice" ? null : entry.text) ?? "");
  });

  it("stores and finds both kinds of entry, and a body damaged on disk neither fails a write nor the search", async () => {
    const schema = pg.freshSchema();
    const store = await pg.open(schema);
    const entries = [...DERIVED, ...KEPT.map(([, entry]) => entry)].map((entry, seq) => ({ ...entry, seq }) as EntryRecord);
    await store.write("mixed", entries, makeSnapshot("mixed", { entryCount: entries.length, updatedAt: isoAt(1) }), { create: true });
    const admin = await pg.admin();
    const kept = await admin.query(`SELECT seq FROM "${schema}".entries WHERE words IS NULL ORDER BY seq`);
    expect(kept.rows.map((row) => row.seq)).toEqual([0, 1, 2, 3, 4]);
    const hits = async (query: string) => (await store.search(query)).map((hit) => hit.hitSeq);
    expect(await hits("sintra trai")).toEqual([1]);
    expect(await hits("rows RESULT")).toEqual([3]);
    expect(await hits("joined")).toEqual([2]);
    expect(await hits("cafe belem")).toEqual([5]);
    expect(await hits("kyoto")).toEqual([6]);
    expect(await hits("xxxx")).toEqual([]);
    expect(await hits("deep")).toEqual([12]);
    await admin.query(`UPDATE "${schema}".entries SET packed_body = '{not json' WHERE seq = 1`);
    expect(await hits("sintra")).toEqual([]);
    expect(await hits("lisbon")).toEqual([0]);
  });

  it("migrates the frozen version 3 fixture: every entry is found as before, and an entry without words stays without", async () => {
    const schema = pg.freshSchema();
    const admin = await pg.admin();
    await admin.query(fs.readFileSync(V3_FIXTURE, "utf8").replaceAll(SCHEMA_TOKEN, schema));
    const before = await admin.query(`SELECT count(*)::int AS n FROM "${schema}".entries WHERE search IS NULL`);
    expect(before.rows[0].n).toBeGreaterThan(0);
    const store = await pg.open(schema);
    expect(await store.open()).toEqual({ from: 3, to: POSTGRES_MIGRATIONS.length });
    const after = await admin.query(`SELECT count(*)::int AS n FROM "${schema}".entries WHERE words IS NULL`);
    expect(after.rows[0].n).toBe(0);
    const options = await admin.query(
      `SELECT c.relname, c.reloptions FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.reloptions IS NOT NULL ORDER BY c.relname`,
      [schema],
    );
    expect(options.rows).toEqual([
      { relname: "conversations", reloptions: ["fillfactor=50"] },
      { relname: "conversations_order", reloptions: ["fillfactor=50"] },
      { relname: "conversations_order_newest", reloptions: ["fillfactor=100"] },
      { relname: "conversations_search", reloptions: ["fastupdate=off"] },
      { relname: "entries_words", reloptions: ["fastupdate=off"] },
    ]);
    expect((await store.search(TOOL_RESULT_WORD)).map((hit) => [hit.id, hit.hitSeq])).toEqual([["lisbon-trip", 2]]);
    expect((await store.search("stopped")).map((hit) => hit.id)).toEqual([]);
    const [lisbon] = FIXTURE_CONVERSATIONS;
    await store.write("lisbon-trip", [userEntry(4, "And Porto after Sintra?")], makeSnapshot("lisbon-trip", { version: 1, task: lisbon.snapshot.task, entryCount: 5, updatedAt: isoAt(40) }), { create: false });
    expect((await store.search("porto sint")).map((hit) => [hit.id, hit.hitSeq])).toEqual([["lisbon-trip", 4]]);
  });

  it("refuses a schema newer than it knows, touching nothing", async () => {
    const schema = pg.freshSchema();
    await (await pg.open(schema)).open();
    const admin = await pg.admin();
    await admin.query(`INSERT INTO "${schema}".schema_version (version) VALUES ($1)`, [POSTGRES_MIGRATIONS.length + 1]);
    await expect((await pg.open(schema)).open()).rejects.toThrow(/newer|version/i);
  });
});
