/**
 * A PostgreSQL server in use whose password this computer does not have (never stored here,
 * or its encrypted copy unreadable): the app says that the password is missing and where to
 * give it, never that the server cannot be reached; the driver's words are details only, and
 * the first screen still opens (an empty list under the banner).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { StorageView } from "../../src/shared/storage-types";
import { PostgresPasswordMissingError, PostgresStore, PostgresUnreachableError } from "../../src/main/agent";
import { explainConnectionFailure } from "../../src/main/service/storage/connect-server";
import { connectionString } from "../../src/main/service/storage/server-settings";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { freshSecureDatabase, secureLogin, type TestDatabase } from "../support/postgres-database";
import { openService, type ServiceFixture } from "./helpers";

let fixtures: ServiceFixture[] = [];
let database: TestDatabase | null = null;
afterEach(async () => {
  for (const f of fixtures.reverse()) await f.close();
  fixtures = [];
  await database?.drop();
  database = null;
});

/** The database's URL without its password, and the password. */
function withoutPassword(url: string): { url: string; password: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), password };
}

describe("a PostgreSQL server whose password is missing", () => {
  it("is named as a missing password by the store, and by the connection test of Settings → Storage", async () => {
    const { caFile } = await secureLogin();
    database = await freshSecureDatabase();
    const url = connectionString({ url: withoutPassword(database.url).url, tls: "verify-full", caFile }, null);
    const store = new PostgresStore(url, { connectTimeoutMs: 5_000 });
    const error = await store.list().then(() => null, (e: unknown) => e);
    await store.close();
    expect(error).toBeInstanceOf(PostgresPasswordMissingError);
    expect(error).not.toBeInstanceOf(PostgresUnreachableError);
    expect((error as Error).message).toMatch(/asks for a password, and none was given/);
    expect((error as Error).message).not.toMatch(/SASL/);
    expect(String(((error as Error).cause as Error).message)).toMatch(/client password must be a string/);
    expect(explainConnectionFailure(error, "db:5432/alpine")).toMatch(/asks for a password, and none was given\. Type the password/);
  });

  it("opens the window with a banner that says the password is missing and leads to Settings → Storage, the driver's words as details", async () => {
    const { caFile } = await secureLogin();
    database = await freshSecureDatabase();
    const secrets = new MemorySecretKeeper();
    const f = await openService({ service: { storageSecrets: secrets, server: { connectTimeoutMs: 5_000, leaseDurationMs: 2_000 } } });
    fixtures.push(f);
    await f.call<StorageView>("storage:usePostgres", { ...withoutPassword(database.url), tls: "verify-full", caFile });
    await f.service.shutdown();

    secrets.set(null); // the stored password is gone, or could not be decrypted
    const again = f.reopen();
    fixtures.push(again);
    const launch = await again.request("app:launch", {});
    expect(launch).toMatchObject({ ok: true, value: { list: { items: [], total: 0 } } });
    await again.log.next((e) => e.type === "storage_status" && !e.status.reachable);
    const { status } = await again.call<StorageView>("storage:get");
    expect(status).toMatchObject({ reachable: false, problem: "password", details: expect.stringMatching(/client password must be a string/) });
    expect(status.message).toMatch(/asks for a password, and none is stored on this computer.*Settings → Storage/);
    expect(status.message).not.toMatch(/reached|SASL/);
    // The sidebar's own request says the same in words.
    const list = await again.request("conversations:list", { offset: 0, limit: 20 });
    expect(list).toMatchObject({ ok: false, error: { message: expect.stringMatching(/asks for a password/) } });
    expect(JSON.stringify(list)).not.toMatch(/SASL/);
  });
});
