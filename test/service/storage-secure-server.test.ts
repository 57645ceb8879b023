/**
 * Settings → Storage on a server that accepts nothing but TLS with a password
 * (scram-sha-256), its certificate signed by an authority made for the test: with the
 * password and "Verify the certificate" with that authority's file, the app switches, runs
 * a conversation there, and after a restart reconnects with the stored password; a wrong
 * password, an authority that did not sign the certificate, and "No TLS" each leave this
 * computer in use with a message naming the cause.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StorageView } from "../../src/shared/storage-types";
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
