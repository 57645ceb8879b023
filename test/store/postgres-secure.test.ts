/**
 * PostgresStore on a server that accepts nothing but TLS with a password (scram-sha-256),
 * its certificate signed by an authority made for the test: the right password and the
 * authority connect, and the store works; a wrong password, a certificate no trusted
 * authority signed, and a connection without TLS each fail with an error naming that cause.
 */
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PostgresStore } from "../../src/main/agent/stores/postgres";
import { freshSecureDatabase, secureLogin, type TestDatabase } from "../support/postgres-database";
import { makeCertificateAuthority } from "../support/test-certificates";
import { entriesUpTo, makeSnapshot } from "./records";

let database: TestDatabase;
let caFile: string;
let strangerCa: string;
let folder: string;
const stores: PostgresStore[] = [];

beforeAll(async () => {
  database = await freshSecureDatabase();
  caFile = (await secureLogin()).caFile;
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-stranger-ca-"));
  strangerCa = makeCertificateAuthority(folder, "stranger").certFile;
});

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

afterAll(async () => {
  await database?.drop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

function storeAt(change: (url: URL) => void): PostgresStore {
  const url = new URL(database.url);
  change(url);
  const store = new PostgresStore(url.toString(), { connectTimeoutMs: 5_000 });
  stores.push(store);
  return store;
}

const verified = (ca: string | null) => (url: URL) => {
  url.searchParams.set("uselibpqcompat", "true");
  url.searchParams.set("sslmode", "verify-full");
  if (ca) url.searchParams.set("sslrootcert", ca);
};

async function failureOf(store: PostgresStore): Promise<Error & { code?: string }> {
  const error = await store.open().then(
    () => null,
    (caught: unknown) => caught as Error & { code?: string },
  );
  expect(error).toBeInstanceOf(Error);
  return error!;
}

describe("PostgresStore on a server that requires TLS and a password", () => {
  it("connects with the password and the certificate's authority, and keeps a conversation", async () => {
    const store = storeAt(verified(caFile));
    await store.write("kept", entriesUpTo(3, "kept"), makeSnapshot("kept", { entryCount: 3 }), { create: true });
    expect((await store.load("kept")).history.map((entry) => entry.seq)).toEqual([0, 1, 2]);
    expect((await store.list()).map((row) => row.id)).toEqual(["kept"]);

    const encryptedOnly = storeAt((url) => {
      url.searchParams.set("uselibpqcompat", "true");
      url.searchParams.set("sslmode", "require");
    });
    expect((await encryptedOnly.readHead("kept"))?.entryCount).toBe(3);
  });

  it("names a wrong password as the cause, without showing it", async () => {
    const store = storeAt((url) => {
      verified(caFile)(url);
      url.password = "not-the-password";
    });
    const error = await failureOf(store);
    expect(error.code).toBe("28P01");
    expect(error.message).toMatch(/password authentication failed for user "/);
    expect(error.message).not.toContain("not-the-password");
  });

  it("refuses a certificate no trusted authority signed, naming the certificate", async () => {
    const stranger = await failureOf(storeAt(verified(strangerCa)));
    expect(stranger.code).toBe("UNABLE_TO_VERIFY_LEAF_SIGNATURE");
    expect(stranger.message).toMatch(/unable to verify the first certificate/);
    // Without an authority file the system's are used, and none of them signed it either.
    expect((await failureOf(storeAt(verified(null)))).message).toMatch(/certificate/);
  });

  it("is refused without TLS, the server saying the connection was not encrypted", async () => {
    const error = await failureOf(storeAt((url) => url.searchParams.set("sslmode", "disable")));
    expect(error.code).toBe("28000");
    expect(error.message).toMatch(/no pg_hba\.conf entry .* no encryption/);
  });
});
