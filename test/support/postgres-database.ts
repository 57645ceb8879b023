/**
 * A database of its own on the test server, for a test that plays several machines on one
 * server (each database has its own tables and its own LISTEN/NOTIFY channels).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { testPostgresUrl } from "./postgres-test-server";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function freshDatabase(): Promise<TestDatabase> {
  const serverUrl = await testPostgresUrl();
  const name = `alpine_app_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
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
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
