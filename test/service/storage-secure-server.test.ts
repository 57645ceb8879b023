/**
 * Settings → Storage on a server that accepts nothing but TLS with a password
 * (scram-sha-256), its certificate signed by an authority made for the test: with the
 * password and "Verify the certificate" with that authority's file, the app switches, runs
 * a conversation there, and after a restart reconnects with the stored password; a wrong
 * password, an authority that did not sign the certificate, and "No TLS" each leave this
 * computer in use with a message naming the cause. A password this computer does not have
 * (never stored here, or its encrypted copy unreadable) is named as missing, never as a server
 * that cannot be reached; the driver's words are details only, and the first screen still
 * opens (an empty list under the banner).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StorageView } from "../../src/shared/storage-types";
import { PostgresPasswordMissingError, PostgresStore, PostgresUnreachableError } from "../../src/main/agent";
import { explainConnectionFailure } from "../../src/main/service/storage/connect-server";
import { connectionString } from "../../src/main/service/storage/server-settings";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { freshSecureDatabase, secureLogin, type TestDatabase } from "../support/postgres-database";
import { makeCertificateAuthority } from "../support/test-certificates";
import { openService, type ServiceFixture } from "./helpers";

let fixtures: ServiceFixture[] = [];
let database: TestDatabase | null = null;
let caFile: string;
let strangerCa: string;
let folder: string;

beforeAll(async () => {
  caFile = (await secureLogin()).caFile;
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-stranger-ca-"));
  strangerCa = makeCertificateAuthority(folder, "stranger").certFile;
});

afterEach(async () => {
  for (const f of fixtures.reverse()) await f.close();
  fixtures = [];
  await database?.drop();
  database = null;
});

afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

async function service(storageSecrets = new MemorySecretKeeper()): Promise<ServiceFixture> {
  const f = await openService({ service: { storageSecrets, server: { connectTimeoutMs: 5_000, leaseDurationMs: 2_000 } } });
  fixtures.push(f);
  return f;
}

/** The database's URL with the password given apart, as a person types it into the two fields. */
function typed(url: string): { url: string; password: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), password };
}

describe("Settings → Storage on a server requiring TLS and a password", () => {
  it("connects with the password and the authority's file, runs there, and reconnects after a restart", async () => {
    database = await freshSecureDatabase();
    const secrets = new MemorySecretKeeper();
    const f = await service(secrets);
    const { url, password } = typed(database.url);
    const view = await f.call<StorageView>("storage:usePostgres", { url, password, tls: "verify-full", caFile });
    expect(view).toMatchObject({ kind: "postgres", server: { tls: "verify-full", caFile, hasPassword: true }, status: { reachable: true } });
    expect(JSON.stringify(view)).not.toContain(password);

    f.model.script({ text: "Answer over TLS" });
    const { id } = await f.call<{ id: string }>("runs:start", { text: "Kept on the secure server" });
    await f.log.step(id, "run_end");
    await f.service.shutdown();

    const again = f.reopen();
    fixtures.push(again);
    await again.service.recovered;
    expect((await again.call<StorageView>("storage:get")).status).toEqual({ reachable: true, message: null });
    const list = await again.call("conversations:list", {});
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([id]);
    const shown = await again.call("conversations:get", { id });
    expect(JSON.stringify(shown)).toContain("Answer over TLS");
  });

  it("says which part failed: the password, the certificate's authority, or TLS turned off", async () => {
    database = await freshSecureDatabase();
    const f = await service();
    const { url, password } = typed(database.url);

    const wrong = await f.request("storage:usePostgres", { url, password: "not-the-password", tls: "verify-full", caFile });
    expect(wrong).toMatchObject({ ok: false, error: { name: "StorageConnectionError" } });
    expect(!wrong.ok && wrong.error.message).toMatch(/refused the password.*Check the user name and the password/);
    expect(!wrong.ok && wrong.error.message).not.toContain("not-the-password");

    const stranger = await f.request("storage:usePostgres", { url, password, tls: "verify-full", caFile: strangerCa });
    expect(!stranger.ok && stranger.error.message).toMatch(/TLS connection failed \(unable to verify the first certificate\).*certificate authority file/);

    const plain = await f.request("storage:usePostgres", { url, password, tls: "disable" });
    expect(!plain.ok && plain.error.message).toMatch(/only accepts TLS connections/);

    expect((await f.call<StorageView>("storage:get")).kind).toBe("local");
    const encrypted = await f.call<StorageView>("storage:usePostgres", { url, password, tls: "require" });
    expect(encrypted).toMatchObject({ kind: "postgres", status: { reachable: true } });
  });
});

describe("a PostgreSQL server whose password is missing", () => {
  it("is named as a missing password by the store, and by the connection test of Settings → Storage", async () => {
    database = await freshSecureDatabase();
    const url = connectionString({ url: typed(database.url).url, tls: "verify-full", caFile }, null);
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
    database = await freshSecureDatabase();
    const secrets = new MemorySecretKeeper();
    const f = await service(secrets);
    await f.call<StorageView>("storage:usePostgres", { ...typed(database.url), tls: "verify-full", caFile });
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
