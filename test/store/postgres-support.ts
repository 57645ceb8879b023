/** PostgresStores on fresh schemas of the tests' server, closed and dropped after each test. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach } from "vitest";
import { PostgresStore, type PostgresStoreOptions } from "../../src/main/agent/stores/postgres";
import { testPostgresUrl } from "../support/postgres-test-server";

export function usePostgresSchemas(): {
  freshSchema(): string;
  open(schema: string, options?: PostgresStoreOptions): Promise<PostgresStore>;
  admin(): Promise<pg.Client>;
} {
  const stores: PostgresStore[] = [];
  const schemas: string[] = [];
  const clients: pg.Client[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const client of clients.splice(0)) await client.end().catch(() => undefined);
    if (schemas.length === 0) return;
    const client = new pg.Client({ connectionString: await testPostgresUrl() });
    await client.connect();
    for (const schema of schemas.splice(0)) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });
  return {
    freshSchema() {
      const schema = `t_${randomBytes(10).toString("hex")}`;
      schemas.push(schema);
      return schema;
    },
    async open(schema, options = {}) {
      const store = new PostgresStore(await testPostgresUrl(), { schema, ...options });
      stores.push(store);
      return store;
    },
    async admin() {
      const client = new pg.Client({ connectionString: await testPostgresUrl() });
      await client.connect();
      clients.push(client);
      return client;
    },
  };
}
