/**
 * A connection the server ends while PostgresStore holds it (a restart, an administrator
 * ending sessions): the statement in flight fails with the server named, the process goes on
 * (no unhandled 'error' event), and the next operation gets a fresh connection.
 */
import { describe, expect, it } from "vitest";
import { PostgresUnreachableError } from "../../src/main/agent/stores/postgres";
import { Connection, describeServer, quoteSchema } from "../../src/main/agent/stores/postgres/connection";
import { testPostgresUrl } from "../support/postgres-test-server";
import { usePostgresSchemas } from "./postgres-support";

const pg = usePostgresSchemas();

async function openConnection(): Promise<Connection> {
  const url = await testPostgresUrl();
  const schema = pg.freshSchema();
  const connection = new Connection(url, describeServer(url), schema, quoteSchema(schema), { maxConnections: 1, connectTimeoutMs: 5_000, statementTimeoutMs: 30_000 });
  await connection.usable();
  return connection;
}

/** Ends, from another session, the server process serving the statement that runs `marker`. */
async function endSessionRunning(marker: string): Promise<void> {
  const admin = await pg.admin();
  for (let tries = 0; tries < 200; tries++) {
    const ended = await admin.query("SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE query LIKE $1 AND pid <> pg_backend_pid()", [`%${marker}%`]);
    if (ended.rows.some((row) => row.ended === true)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no session ran ${marker}`);
}

describe("PostgresStore connections the server ends", () => {
  it("a streamed read whose connection is ended fails with the server named, and the next read works", async () => {
    const connection = await openConnection();
    try {
      const reading = connection.eachRow("SELECT 1 AS n, pg_sleep(30) /* streamed-read */", [], "slow_read", () => undefined).catch((error: unknown) => error);
      await endSessionRunning("streamed-read");
      const error = await reading;
      expect(error).toBeInstanceOf(PostgresUnreachableError);
      expect((error as Error).message).toContain(connection.server);
      const rows: unknown[][] = [];
      await connection.eachRow("SELECT 2 AS n", [], "next_read", (row) => rows.push(row));
      expect(rows).toEqual([[2]]);
    } finally {
      await connection.close();
    }
  });

  it("a transaction whose connection is ended mid-way fails with the server named, and the next transaction works", async () => {
    const connection = await openConnection();
    try {
      const working = connection
        .transaction(async (client) => {
          await client.query("SELECT 1");
          await client.query("SELECT pg_sleep(30) /* in-transaction */");
        })
        .catch((error: unknown) => error);
      await endSessionRunning("in-transaction");
      const error = await working;
      expect(error).toBeInstanceOf(PostgresUnreachableError);
      const again = await connection.transaction(async (client) => (await client.query("SELECT 3 AS n")).rows[0].n);
      expect(again).toBe(3);
    } finally {
      await connection.close();
    }
  });
});
