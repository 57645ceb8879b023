/**
 * The PostgreSQL server the benchmarks measure PostgresStore on: ALPINE_BENCH_PG_URL or
 * ALPINE_TEST_PG_URL when set, else a throwaway loopback cluster started for the suite and
 * stopped after it. Each measurement gets a schema of its own, dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { PostgresStore } from "../../src/main/agent/stores/postgres";
import { startThrowawayCluster } from "../../test/support/postgres-cluster";

export interface BenchServer {
  url: string;
  /** A PostgresStore on a fresh schema; `done()` closes it and drops the schema. */
  freshStore(): Promise<{ store: PostgresStore; schema: string; done(): Promise<void> }>;
  admin(): Promise<pg.Client>;
  stop(): Promise<void>;
}

export async function benchServer(): Promise<BenchServer> {
  const given = process.env.ALPINE_BENCH_PG_URL ?? process.env.ALPINE_TEST_PG_URL;
  const cluster = given ? null : await startThrowawayCluster();
  const url = given ?? cluster!.url;
  const admin = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  };
  return {
    url,
    admin,
    async freshStore() {
      const schema = `bench_${randomBytes(6).toString("hex")}`;
      const store = new PostgresStore(url, { schema });
      await store.open();
      return {
        store,
        schema,
        async done() {
          await store.close();
          const client = await admin();
          await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
          await client.end();
        },
      };
    },
    async stop() {
      await cluster?.stop();
    },
  };
}
