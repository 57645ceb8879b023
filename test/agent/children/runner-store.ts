/**
 * The store a runner child opens, by RUNNER_STORE_KIND: "file" (default: a FileStore on
 * RUNNER_STORE), "sqlite" (a SqliteStore on the file RUNNER_STORE) or "postgres" (a
 * PostgresStore on ALPINE_TEST_PG_URL, schema RUNNER_STORE). RUNNER_HOST names the machine
 * the runner plays (SqliteStore's leases), RUNNER_LEASE_MS PostgresStore's lease duration.
 */
import { FileStore } from "../../../src/main/agent/stores/file/file-store";
import { PostgresStore } from "../../../src/main/agent/stores/postgres";
import { SqliteStore } from "../../../src/main/agent/stores/sqlite/sqlite-store";
import type { Store } from "../../../src/main/agent/stores/store";

export type RunnerStoreKind = "file" | "sqlite" | "postgres";

export function openRunnerStore(env: NodeJS.ProcessEnv = process.env): Store {
  const where = env.RUNNER_STORE;
  if (!where) throw new Error("RUNNER_STORE is not set");
  const kind = (env.RUNNER_STORE_KIND ?? "file") as RunnerStoreKind;
  if (kind === "file") return new FileStore(where);
  if (kind === "sqlite") return new SqliteStore(where, { leaseHost: env.RUNNER_HOST || undefined });
  const url = env.ALPINE_TEST_PG_URL;
  if (!url) throw new Error("ALPINE_TEST_PG_URL is not set");
  return new PostgresStore(url, { schema: where, leaseDurationMs: env.RUNNER_LEASE_MS ? Number(env.RUNNER_LEASE_MS) : undefined });
}
