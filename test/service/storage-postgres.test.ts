/**
 * Settings → Storage on a real PostgreSQL server (the throwaway test cluster, one database
 * per test): switching tests the connection first and explains a failure; every
 * conversation moves to the server and back, verified and resumable, the source untouched
 * until it is removed on purpose; two services on one server as two machines.
 */
import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import type { AppEvent } from "../../src/shared/ipc-contract";
import type { MoveReport, StorageView } from "../../src/shared/storage-types";
import { explainConnectionFailure } from "../../src/main/service/storage/connect-server";
import { freshDatabase, type TestDatabase } from "../support/postgres-database";
import { openService, type ServiceFixture } from "./helpers";

let fixtures: ServiceFixture[] = [];
let database: TestDatabase | null = null;
afterEach(async () => {
  for (const f of fixtures.reverse()) await f.close();
  fixtures = [];
  await database?.drop();
  database = null;
});

async function service(): Promise<ServiceFixture> {
  const f = await openService({ service: { server: { connectTimeoutMs: 2_000, leaseDurationMs: 2_000 } } });
  fixtures.push(f);
  return f;
}

async function runTo(f: ServiceFixture, text: string): Promise<string> {
  f.model.script({ text: `Answer to ${text}` });
  const { id } = await f.call<{ id: string }>("runs:start", { text });
  await f.log.step(id, "run_end");
  return id;
}

describe("Settings → Storage", () => {
  it("tests the server before switching, and says what went wrong", async () => {
    database = await freshDatabase();
    const f = await service();
    const closed = new URL(database.url);
    closed.port = "1";
    const unreachable = await f.request("storage:usePostgres", { url: closed.toString(), tls: "disable" });
    expect(unreachable).toMatchObject({ ok: false, error: { name: "StorageConnectionError" } });
    expect(!unreachable.ok && unreachable.error.message).toMatch(/could not be reached.*Check the host name and port/);

    const stranger = new URL(database.url);
    stranger.username = "nobody_here";
    const refused = await f.request("storage:usePostgres", { url: stranger.toString(), tls: "disable" });
    expect(!refused.ok && refused.error.message).toMatch(/refused this user|nobody_here/);

    const tls = await f.request("storage:usePostgres", { url: database.url, tls: "require" });
    expect(!tls.ok && tls.error.message).toMatch(/does not accept TLS connections/);
    expect(explainConnectionFailure(Object.assign(new Error('password authentication failed for user "a"'), { code: "28P01" }), "h:5432/db")).toMatch(
      /refused the password.*Check the user name and the password/,
    );
    expect((await f.call<StorageView>("storage:get")).kind).toBe("local");

    const withPassword = new URL(database.url);
    withPassword.password = "s3cret-word";
    const view = await f.call<StorageView>("storage:usePostgres", { url: withPassword.toString(), tls: "disable" });
    expect(view).toMatchObject({ kind: "postgres", server: { tls: "disable", hasPassword: true }, status: { reachable: true } });
    expect(JSON.stringify(view)).not.toContain("s3cret-word");
    expect(f.service.storage.view().server?.url).not.toContain("s3cret");
  });

  it("moves every conversation to the server and back, verified, resumable, the source left as it was", async () => {
    database = await freshDatabase();
    const f = await service();
    const ids = [await runTo(f, "one"), await runTo(f, "two"), await runTo(f, "three")];
    await f.call("storage:usePostgres", { url: database.url, tls: "disable" });
    expect((await f.call("conversations:list", {})).total).toBe(0);

    const report = await f.call<MoveReport>("storage:move", { direction: "to-server" });
    expect(report).toMatchObject({ total: 3, moved: 3, skipped: 0, failed: [], finished: true });
    const progress = f.log.events.filter((e): e is Extract<AppEvent, { type: "storage_move" }> => e.type === "storage_move");
    expect(progress.at(-1)?.progress).toMatchObject({ done: 3, total: 3, finished: true });
    const list = await f.call("conversations:list", {});
    expect(list.items.map((i: { id: string }) => i.id).sort()).toEqual([...ids].sort());
    const view = await f.call("conversations:get", { id: ids[1] });
    expect(view.entries.map((e: { text: string }) => e.text)).toEqual(["two", "Answer to two"]);

    // Interrupted (here: one copy lost on the server): the next move copies only what is missing.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query("DELETE FROM alpine.entries WHERE state_key = (SELECT state_key FROM alpine.conversations WHERE id = $1)", [ids[0]]);
    await client.query("DELETE FROM alpine.conversations WHERE id = $1", [ids[0]]);
    const again = await f.call<MoveReport>("storage:move", { direction: "to-server" });
    expect(again).toMatchObject({ total: 3, moved: 1, skipped: 2, failed: [] });

    // A copy changed on the server is never written over.
    await client.query("UPDATE alpine.entries SET packed_body = replace(packed_body, 'Answer to two', 'Changed') WHERE state_key = (SELECT state_key FROM alpine.conversations WHERE id = $1)", [ids[1]]);
    const clash = await f.call<MoveReport>("storage:move", { direction: "to-server" });
    expect(clash.failed).toMatchObject([{ id: ids[1], reason: expect.stringMatching(/different copy/) }]);
    await client.query("UPDATE alpine.entries SET packed_body = replace(packed_body, 'Changed', 'Answer to two') WHERE state_key = (SELECT state_key FROM alpine.conversations WHERE id = $1)", [ids[1]]);
    await client.end();

    // Back: a conversation made on the server comes to this computer too.
    const fromServer = await runTo(f, "four");
    const back = await f.call<MoveReport>("storage:move", { direction: "to-computer" });
    expect(back).toMatchObject({ total: 4, moved: 1, skipped: 3, failed: [] });

    // The source stays until removed on purpose, and only verified copies go.
    await f.call("storage:useLocal");
    expect((await f.call("conversations:list", {})).total).toBe(4);
    await f.call("storage:usePostgres", { url: database.url, tls: "disable" });
    expect(await f.call("storage:removeSource", { direction: "to-server" })).toEqual({ removed: 4, kept: 0 });
    expect((await f.call("conversations:list", {})).items.map((i: { id: string }) => i.id).sort()).toEqual([...ids, fromServer].sort());
    await f.call("storage:useLocal");
    expect((await f.call("conversations:list", {})).total).toBe(0);
  });
});
