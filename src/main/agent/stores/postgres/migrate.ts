/**
 * The migration runner: creates the schema and its `schema_version` table if missing, refuses
 * a schema newer than this code knows (touching nothing), and applies each missing migration
 * in its own transaction. Openers on several machines at once are safe: each transaction
 * takes a lock of the schema's own (an advisory lock) and re-reads the version first.
 */
import type pg from "pg";
import { SchemaTooNewError } from "../../errors";
import type { PostgresMigration } from "./migrations";
import { PostgresMigrationError } from "./postgres-errors";

export interface PostgresMigrationOutcome {
  from: number;
  to: number;
}

const VERSION = (s: string) => `SELECT coalesce(max(version), 0)::int AS version FROM ${s}.schema_version`;

async function inTransaction<T>(client: pg.PoolClient, schemaName: string, work: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('alpine-schema:' || $1))", [schemaName]);
    const result = await work();
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** The version the schema has now (0 when it is new); a newer one than `latest` is refused. */
async function currentVersion(client: pg.PoolClient, schemaName: string, s: string, latest: number, server: string): Promise<number> {
  const exists = await client.query("SELECT to_regclass($1) AS t", [`${s}.schema_version`]);
  if (exists.rows[0].t !== null) {
    const found = (await client.query(VERSION(s))).rows[0].version as number;
    if (found > latest) throw new SchemaTooNewError(`${server} (schema ${schemaName})`, found, latest);
    return found;
  }
  return inTransaction(client, schemaName, async () => {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${s}.schema_version (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    return (await client.query(VERSION(s))).rows[0].version as number;
  });
}

export async function migrateSchema(
  client: pg.PoolClient,
  schemaName: string,
  s: string,
  migrations: readonly PostgresMigration[],
  server: string,
): Promise<PostgresMigrationOutcome> {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) throw new Error(`Migration "${migration.description}" has version ${migration.version}; expected ${index + 1}.`);
  });
  const latest = migrations.length;
  const from = await currentVersion(client, schemaName, s, latest, server);
  for (const migration of migrations.slice(from)) {
    try {
      await inTransaction(client, schemaName, async () => {
        const version = (await client.query(VERSION(s))).rows[0].version as number;
        if (version > latest) throw new SchemaTooNewError(`${server} (schema ${schemaName})`, version, latest);
        if (version >= migration.version) return; // another opener got here first
        await client.query(migration.up(s));
        await client.query(`INSERT INTO ${s}.schema_version (version) VALUES ($1)`, [migration.version]);
      });
    } catch (error) {
      if (error instanceof SchemaTooNewError) throw error;
      throw new PostgresMigrationError(server, migration.version, { cause: error });
    }
  }
  return { from, to: Math.max(from, latest) };
}
