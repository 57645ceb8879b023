/**
 * PostgresStore's leases in one process: the expiry is the server's clock, a taken-over lease
 * fences its holder's writes (LeaseLostError, nothing written), its heartbeat and `confirm()`
 * learn it was lost; a save outside a run is refused while a runner holds the State, and
 * refused for a stale copy; a failing migration is rolled back.
 */
import { describe, expect, it } from "vitest";
import { Agent, LeaseLostError, StaleStateError, State, StateBusyError } from "../../src/main/agent";
import { PostgresMigrationError } from "../../src/main/agent/stores/postgres";
import { migrateSchema } from "../../src/main/agent/stores/postgres/migrate";
import { POSTGRES_MIGRATIONS } from "../../src/main/agent/stores/postgres/migrations";
import { usePostgresSchemas } from "./postgres-support";
import { entriesUpTo, makeSnapshot, userEntry } from "./records";

const pg = usePostgresSchemas();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("PostgresStore leases", () => {
  it("fences the writes of a holder whose lease expired and was taken over", async () => {
    const schema = pg.freshSchema();
    // Long leases, so no heartbeat runs during the test: the holder stalls, its lease expires on the server's clock.
    const first = await pg.open(schema, { leaseDurationMs: 60_000 });
    const second = await pg.open(schema, { leaseDurationMs: 60_000 });
    await first.write("run", entriesUpTo(2, "run"), makeSnapshot("run", { entryCount: 2 }), { create: true });
    const stalled = await first.acquireLease("run");
    await expect(second.acquireLease("run")).rejects.toBeInstanceOf(StateBusyError);
    const admin = await pg.admin();
    await admin.query(`UPDATE "${schema}".leases SET expires_at = now() - interval '1 second'`);
    const taker = await second.acquireLease("run");
    const before = await second.read("run");
    const error = await first.write("run", [userEntry(2, "late")], makeSnapshot("run", { entryCount: 3 }), { create: false, lease: stalled }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeaseLostError);
    expect((error as Error).message).toMatch(/lost its lease on State "run": it was taken over by another run in this process/);
    expect(stalled.lost).toBe(true);
    await expect(stalled.confirm()).rejects.toBeInstanceOf(LeaseLostError);
    expect(await second.read("run")).toEqual(before);
    await second.write("run", [userEntry(2, "by the taker")], makeSnapshot("run", { entryCount: 3 }), { create: false, lease: taker });
    await taker.confirm();
    await stalled.release(); // removes nothing of the taker's
    await expect(first.acquireLease("run")).rejects.toBeInstanceOf(StateBusyError);
    await taker.release();
    const next = await first.acquireLease("run");
    await next.release();
  });

  it("keeps a lease alive by its heartbeat, and the heartbeat learns when it was removed", async () => {
    const schema = pg.freshSchema();
    const store = await pg.open(schema, { leaseDurationMs: 1000 });
    const other = await pg.open(schema, { leaseDurationMs: 1000 });
    await store.write("beat", entriesUpTo(1, "beat"), makeSnapshot("beat", { entryCount: 1 }), { create: true });
    const lease = await store.acquireLease("beat");
    await sleep(2500); // several lease durations: the heartbeat extends it
    await expect(other.acquireLease("beat")).rejects.toBeInstanceOf(StateBusyError);
    const admin = await pg.admin();
    await admin.query(`DELETE FROM "${schema}".leases`);
    for (let i = 0; i < 40 && !lease.lost; i++) await sleep(50);
    expect(lease.lost).toBe(true);
    await expect(store.write("beat", [userEntry(1, "x")], null, { create: false, lease })).rejects.toThrow(/its lease was removed/);
  });

  it("saves outside a run only when no runner holds the State and the copy is current", async () => {
    const schema = pg.freshSchema();
    const store = await pg.open(schema);
    const agent = new Agent({ model: "claude-sonnet-4-6", store });
    const state = new State("Plan a trip", { id: "trip" });
    await agent.save(state);
    state.addUserMessage("Also book a hotel");
    await agent.save(state);
    expect((await store.read("trip"))!.entries).toHaveLength(2);

    const lease = await store.acquireLease("trip");
    state.addUserMessage("And a car");
    await expect(agent.save(state)).rejects.toBeInstanceOf(StateBusyError);
    await lease.release();
    await agent.save(state);
    expect((await store.read("trip"))!.entries).toHaveLength(3);

    const copy = await store.load("trip");
    copy.addUserMessage("from another copy");
    await agent.save(copy);
    state.addUserMessage("from the stale copy");
    await expect(agent.save(state)).rejects.toBeInstanceOf(StaleStateError);
    expect((await store.read("trip"))!.entries.map((e) => e.text)).toContain("from another copy");
  });

  it("rolls back a migration that fails and reports it, keeping the earlier version", async () => {
    const schema = pg.freshSchema();
    const store = await pg.open(schema);
    await store.open();
    const admin = await pg.admin();
    const client = admin as unknown as Parameters<typeof migrateSchema>[0];
    const broken = [...POSTGRES_MIGRATIONS, { version: POSTGRES_MIGRATIONS.length + 1, description: "a broken one", up: () => "CREATE TABLE nope (" }];
    const error = await migrateSchema(client, schema, `"${schema}"`, broken, "the test server").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PostgresMigrationError);
    expect((error as Error).message).toMatch(new RegExp(`to version ${POSTGRES_MIGRATIONS.length + 1} failed.*rolled back`));
    const versions = await admin.query(`SELECT max(version) AS v FROM "${schema}".schema_version`);
    expect(versions.rows[0].v).toBe(POSTGRES_MIGRATIONS.length);
  });
});
