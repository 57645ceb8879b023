/**
 * Opens PostgresStore for the conformance suite and its child processes: one schema per test
 * folder on the tests' server (so tests do not see each other's States, and two paths to one
 * folder name one store).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { PostgresStore } from "../../../src/main/agent/stores/postgres";
import { testPostgresUrl } from "../../support/postgres-test-server";

export function schemaFor(location: string): string {
  return `t_${createHash("sha256").update(fs.realpathSync(location)).digest("hex").slice(0, 24)}`;
}

export const makeStore = async (location: string) => new PostgresStore(await testPostgresUrl(), { schema: schemaFor(location) });
