/** The tests' PostgreSQL server: one cluster per run, on loopback, reachable from child processes. */
import { execFileSync } from "node:child_process";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testPostgresUrl } from "../support/postgres-test-server";

describe("the tests' PostgreSQL server", () => {
  it("answers on the URL given to tests and to their child processes, on loopback only", async () => {
    const url = await testPostgresUrl();
    expect(process.env.ALPINE_TEST_PG_URL).toBe(url);
    expect(await testPostgresUrl()).toBe(url); // one server per run
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: string; listen: string }>(
        "SELECT current_setting('server_version_num') AS version, current_setting('listen_addresses') AS listen",
      );
      expect(Number(rows[0].version)).toBeGreaterThanOrEqual(120000);
      if (!process.env.CI || url.includes("127.0.0.1")) expect(rows[0].listen).toMatch(/^(127\.0\.0\.1|localhost|\*)$/);
    } finally {
      await client.end();
    }
    const fromChild = execFileSync(
      process.execPath,
      ["-e", "process.stdout.write(process.env.ALPINE_TEST_PG_URL ?? '')"],
      { encoding: "utf8" },
    );
    expect(fromChild).toBe(url);
  });
});
