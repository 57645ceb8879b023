/**
 * The store a runner child opens, by RUNNER_STORE_KIND: "file" (default: a FileStore on
 * RUNNER_STORE), "sqlite" (a SqliteStore on the file RUNNER_STORE) or "postgres" (a
 * PostgresStore on ALPINE_TEST_PG_URL, schema RUNNER_STORE). RUNNER_HOST names the machine
 * the runner plays (SqliteStore's leases), RUNNER_LEASE_MS PostgresStore's lease duration.
 * Each store is imported only when asked for, so a child starts as fast as before.
 */
import type { Store } from "../../../src/main/agent/stores/store";

export type RunnerStoreKind = "file" | "sqlite" | "postgres";

export async function openRunnerStore(env: NodeJS.ProcessEnv = process.env): Promise<Store> {
  const where = env.RUNNER_STORE;
  if (!where) throw new Error("RUNNER_STORE is not set");
  const kind = (env.RUNNER_STORE_KIND ?? "file") as RunnerStoreKind;
  if (kind === "file") return new (await import("../../../src/main/agent/stores/file/file-store")).FileStore(where);
  if (kind === "sqlite") {
    const { SqliteStore } = await import("../../../src/main/agent/stores/sqlite/sqlite-store");
    return new SqliteStore(where, { leaseHost: env.RUNNER_HOST || undefined });
  }
  const { PostgresStore } = await import("../../../src/main/agent/stores/postgres");
  const url = env.ALPINE_TEST_PG_URL;
  if (!url) throw new Error("ALPINE_TEST_PG_URL is not set");
  return new PostgresStore(url, { schema: where, leaseDurationMs: env.RUNNER_LEASE_MS ? Number(env.RUNNER_LEASE_MS) : undefined });
}
