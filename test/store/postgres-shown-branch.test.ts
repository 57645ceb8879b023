/**
 * PostgresStore's schema version 5: which branch a conversation shows (`shown_at`) is kept
 * apart from when it was updated. The frozen version 3 fixture migrates through it with no
 * branch shown apart; choosing a branch then keeps the conversation's time and place.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { POSTGRES_MIGRATIONS } from "../../src/main/agent/stores/postgres/migrations";
import { SCHEMA_TOKEN, V3_FIXTURE } from "../fixtures/postgres/make-fixture";
import { FIXTURE_CONVERSATIONS, FIXTURE_IDS_NEWEST_FIRST } from "../fixtures/sqlite/fixture-data";
import { usePostgresSchemas } from "./postgres-support";
import { isoAt, makeSnapshot, userEntry } from "./records";

const pg = usePostgresSchemas();

describe("PostgresStore shown branches (schema version 5)", () => {
  it("migrates the frozen version 3 fixture with no branch shown apart; a branch chosen then keeps its conversation's time and place", async () => {
    const schema = pg.freshSchema();
    const admin = await pg.admin();
    await admin.query(fs.readFileSync(V3_FIXTURE, "utf8").replaceAll(SCHEMA_TOKEN, schema));
    const store = await pg.open(schema);
    expect(await store.open()).toEqual({ from: 3, to: POSTGRES_MIGRATIONS.length });
    expect(POSTGRES_MIGRATIONS.at(-1)!.version).toBeGreaterThanOrEqual(5);
    const column = await admin.query(`SELECT count(*)::int AS n FROM "${schema}".conversations WHERE shown_at IS NOT NULL`);
    expect(column.rows[0].n).toBe(0);
    expect((await store.list()).map((row) => [row.id, row.shownAt])).toEqual(FIXTURE_IDS_NEWEST_FIRST.map((id) => [id, undefined]));

    const lisbon = FIXTURE_CONVERSATIONS.find((c) => c.snapshot.id === "lisbon-trip")!;
    const fork = lisbon.entries.length - 2;
    const branch = makeSnapshot("lisbon-b", { entryCount: fork + 2, updatedAt: lisbon.snapshot.updatedAt, parent: { id: "lisbon-trip", seq: fork }, conversationId: "lisbon-trip" });
    await store.write("lisbon-b", [userEntry(fork + 1, "what about Porto?")], branch, { create: true });
    const before = (await store.listConversations()).map((row) => [row.conversationId, row.updatedAt]);
    await store.show("lisbon-trip", isoAt(1_000_000));
    expect((await store.listConversations()).map((row) => [row.conversationId, row.updatedAt])).toEqual(before);
    expect((await store.listConversations()).find((row) => row.conversationId === "lisbon-trip")).toMatchObject({ id: "lisbon-trip", branchCount: 2 });
    const stored = await admin.query(`SELECT updated_at, shown_at FROM "${schema}".conversations WHERE id = 'lisbon-trip'`);
    expect(stored.rows[0]).toEqual({ updated_at: lisbon.snapshot.updatedAt, shown_at: isoAt(1_000_000) });
    await admin.end();
  });
});
