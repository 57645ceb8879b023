/**
 * Services on one test PostgreSQL database, as machines sharing a server (short connection
 * timeout and leases): each service is closed after its test, then `afterServices` runs (a
 * proxy closed), then the test's database is dropped.
 */
import { afterEach } from "vitest";
import { freshDatabase, type TestDatabase } from "../support/postgres-database";
import { openService, type ServiceFixture } from "./helpers";

export interface ServerMachines {
  /** A database of its own on the test server, dropped after the test. */
  database(): Promise<TestDatabase>;
  /** A service that keeps its conversations on the server at `url`. */
  machine(url: string): Promise<ServiceFixture>;
  /** Close this service too after the test (one reopened on a machine's data folder). */
  keep(fixture: ServiceFixture): ServiceFixture;
}

export function useServerMachines(afterServices: () => Promise<void> = async () => {}): ServerMachines {
  const fixtures: ServiceFixture[] = [];
  let database: TestDatabase | null = null;
  afterEach(async () => {
    for (const fixture of fixtures.splice(0).reverse()) await fixture.close();
    await afterServices();
    await database?.drop();
    database = null;
  });
  const keep = (fixture: ServiceFixture) => (fixtures.push(fixture), fixture);
  return {
    async database() {
      database = await freshDatabase();
      return database;
    },
    async machine(url) {
      const fixture = keep(await openService({ service: { server: { connectTimeoutMs: 2_000, leaseDurationMs: 2_000 } } }));
      await fixture.call("storage:usePostgres", { url, tls: "disable" });
      return fixture;
    },
    keep,
  };
}
