/**
 * A database of its own on the test server, for a test that plays several machines on one
 * server (each database has its own tables and its own LISTEN/NOTIFY channels).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import fs from "node:fs";
import { secureTestPostgres, testPostgresUrl } from "./postgres-test-server";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The set-up's own login to the secure server: its password (in the URL) and TLS checked against its authority. */
export async function secureLogin(): Promise<{ url: string; caFile: string; client(url?: string): pg.Client }> {
  const { url, caFile } = await secureTestPostgres();
  const ca = fs.readFileSync(caFile, "utf8");
  return { url, caFile, client: (to = url) => new pg.Client({ connectionString: to, ssl: { ca } }) };
}

export async function freshDatabase(): Promise<TestDatabase> {
  const serverUrl = await testPostgresUrl();
  return databaseOn(serverUrl, (url) => new pg.Client({ connectionString: url }));
}

/** A database of its own on the secure server (TLS and a password required); its URL has the password, no TLS parameters. */
export async function freshSecureDatabase(): Promise<TestDatabase> {
  const login = await secureLogin();
  return databaseOn(login.url, login.client);
}

async function databaseOn(serverUrl: string, connect: (url: string) => pg.Client): Promise<TestDatabase> {
  const name = `alpine_app_${randomBytes(6).toString("hex")}`;
  const admin = connect(serverUrl);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = connect(serverUrl);
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
