/**
 * The packed entry body of SqliteStore and PostgresStore (schema version 4 of each) keeps its
 * bytes: every entry of PACKED_ENTRY_CASES is stored exactly as the frozen bodies say (packed
 * by the shared rule of packed-entry.ts, and by each store), and every stored body (packed,
 * whole, damaged) reads back as the same entry, field order included. The v6 SQLite
 * fixture's bodies are what the store writes today.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { EntryRecord } from "../../src/main/agent/state/history";
import { SqliteStore } from "../../src/main/agent/stores/sqlite";
import { dropDerivedFields, joinedText, restoreDerivedFields } from "../../src/main/agent/stores/packed-entry";
import { entryFromBody, packedBody } from "../../src/main/agent/stores/postgres/entry-body";
import { entryFromRow, serializeEntry } from "../../src/main/agent/stores/sqlite/entry-row";
import { PACKED_BODIES_FIXTURE, type PackedBodiesFixture } from "../fixtures/packed-entry/make-fixture";
import { FIXTURE_CONVERSATIONS } from "../fixtures/sqlite/fixture-data";
import { PACKED_ENTRY_CASES, READ_SEQ, STORED_BODY_CASES } from "./packed-entry-cases";
import { makeSnapshot } from "./records";
import { copyFixture } from "./sqlite-files";
import { useTempDirs } from "./temp-dirs";

const frozen = JSON.parse(fs.readFileSync(PACKED_BODIES_FIXTURE, "utf8")) as PackedBodiesFixture;
const cases = Object.entries(PACKED_ENTRY_CASES);
const tempDir = useTempDirs();

/** The entry a store gives back for `entry`: what JSON keeps of it, its error null when it had none. */
function readBack(entry: EntryRecord): unknown {
  const plain = JSON.parse(JSON.stringify(entry)) as Record<string, unknown>;
  return { ...plain, error: plain.error ?? null };
}

describe("packed entry bodies", () => {
  it("has a frozen body for every case, and a case for every frozen body", () => {
    expect(Object.keys(frozen.written).sort()).toEqual(Object.keys(PACKED_ENTRY_CASES).sort());
    expect(Object.keys(frozen.read).sort()).toEqual(Object.keys(STORED_BODY_CASES).sort());
  });

  it.each(cases)("the shared rule packs and restores %s as frozen", (name, entry) => {
    const { seq, ...withoutSeq } = entry as unknown as Record<string, unknown>;
    const { kind, error, ...fields } = withoutSeq;
    // PostgresStore's row holds the seq; SqliteStore's the seq and kind, and it keeps an error last.
    expect(JSON.stringify(dropDerivedFields({ ...withoutSeq }, kind))).toBe(frozen.written[name].postgres);
    expect(JSON.stringify(dropDerivedFields({ ...fields, error }, kind))).toBe(frozen.written[name].sqlite);
    const fromSqlite = { ...JSON.parse(frozen.written[name].sqlite), seq, kind };
    restoreDerivedFields(fromSqlite);
    expect(JSON.stringify(fromSqlite)).toBe(frozen.written[name].sqliteRead);
    const fromPostgres = { ...JSON.parse(frozen.written[name].postgres), seq };
    restoreDerivedFields(fromPostgres);
    expect(JSON.stringify(fromPostgres)).toBe(frozen.written[name].postgresRead);
  });

  it("joins an assistant turn's text blocks, and says when the content cannot give its text", () => {
    expect(joinedText([{ type: "text", text: "a" }, { type: "tool_use", id: "c", name: "n", input: {} }, { type: "thinking", thinking: "t" }, { type: "text", text: "b" }])).toBe("ab");
    expect(joinedText([])).toBe("");
    expect(joinedText([null, { type: "text", text: "x" }])).toBe("x");
    expect(joinedText([{ type: "text", text: 1 }])).toBeNull();
    expect(joinedText("text")).toBeNull();
    expect(joinedText(undefined)).toBeNull();
  });

  it("keeps a body's other fields and their order, and the fields a body holds when restoring", () => {
    const body = { kind: "assistant", text: "ab", z: 1, content: [{ type: "text", text: "a" }, { type: "text", text: "b" }], error: null, a: 2 };
    expect(Object.keys(dropDerivedFields(body, "assistant"))).toEqual(["kind", "z", "content", "a"]);
    expect(Object.keys(dropDerivedFields({ text: "ab", content: [{ type: "text", text: "ab" }] }, "user"))).toEqual(["text", "content"]);
    const held = { kind: "assistant", text: "kept", error: { message: "m" }, content: [{ type: "text", text: "other" }] };
    restoreDerivedFields(held);
    expect(held).toStrictEqual({ kind: "assistant", text: "kept", error: { message: "m" }, content: [{ type: "text", text: "other" }] });
  });

  it.each(cases)("SqliteStore stores and reads back %s as frozen", (name, entry) => {
    const [seq, kind, body] = serializeEntry(entry);
    expect([seq, kind, body]).toEqual([entry.seq, entry.kind, frozen.written[name].sqlite]);
    const read = entryFromRow(seq, kind, JSON.parse(body));
    expect(JSON.stringify(read)).toBe(frozen.written[name].sqliteRead);
    expect(read).toEqual(readBack(entry));
  });

  it.each(cases)("PostgresStore stores and reads back %s as frozen", (name, entry) => {
    const body = packedBody(entry);
    expect(body).toBe(frozen.written[name].postgres);
    const read = entryFromBody(entry.seq, JSON.parse(body));
    expect(JSON.stringify(read)).toBe(frozen.written[name].postgresRead);
    expect(read).toEqual(readBack(entry));
  });

  it.each(Object.entries(STORED_BODY_CASES))("both stores read the stored body %s as frozen", (name, { kind, body }) => {
    expect(JSON.stringify(entryFromRow(READ_SEQ, kind, JSON.parse(body)))).toBe(frozen.read[name].sqlite);
    expect(JSON.stringify(entryFromBody(READ_SEQ, JSON.parse(body)))).toBe(frozen.read[name].postgres);
  });

  it("a SqliteStore writes the frozen bodies into its rows", () => {
    const file = path.join(tempDir(), "alpine.sqlite3");
    const store = new SqliteStore(file);
    const entries = cases.map(([, entry]) => entry);
    store.write("packed", entries, makeSnapshot("packed", { entryCount: entries.length }), { create: true });
    store.close();
    const db = new Database(file, { readonly: true });
    const bodies = db.prepare("SELECT body FROM entries ORDER BY id").pluck().all();
    db.close();
    expect(bodies).toEqual(cases.map(([name]) => frozen.written[name].sqlite));
  });

  it("the v6 SQLite fixture holds exactly the bodies the store writes today", () => {
    const file = copyFixture(6, tempDir());
    const db = new Database(file, { readonly: true });
    const rows = db
      .prepare<[], { stateId: string; seq: number; kind: string; body: string }>(
        "SELECT c.id AS stateId, e.id & 0xFFFFFFFF AS seq, e.kind, e.body FROM entries e JOIN conversations c ON c.num = e.id >> 32 ORDER BY e.id",
      )
      .all();
    db.close();
    const expected = FIXTURE_CONVERSATIONS.flatMap(({ snapshot, entries }) =>
      entries.map((entry) => {
        const [seq, kind, body] = serializeEntry(entry);
        return { stateId: snapshot.id, seq, kind, body };
      }),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(expect.arrayContaining(expected));
    expect(rows).toHaveLength(expected.length);
  });
});
