/**
 * The short torture campaign on PostgresStore, run by `npm test`: SIGKILL at random instants,
 * SIGTERM, failing writes, a stale copy racing a runner, bad input, the service killed at the
 * instant it acknowledges an action to the window, and the server stopped mid-save and started again (on a throwaway loopback server the campaign starts; with
 * ALPINE_TEST_PG_URL it uses that server and does not restart it). Nothing acknowledged may be
 * lost, no tool may run twice, nothing may crash. The long one: `npm run torture -- --store postgres`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { runCampaign, type CampaignResult } from "../../torture/campaign";
import { formatSeen, formatTable } from "../../torture/report-table";
import type { ScenarioName } from "../../torture/scenarios";

const SEED = 20_261_201;
const MIN_KILLS = 6;
const SCENARIOS: ScenarioName[] = ["sigkill", "sigterm", "faults", "server-restart", "race-stale-copy", "bad-input", "acknowledgements"];

let result: CampaignResult;

beforeAll(async () => {
  result = await runCampaign({ seed: SEED, runs: SCENARIOS.length, stores: ["postgres"], concurrency: 2, minKills: MIN_KILLS, scenarios: SCENARIOS });
  console.log(`Torture campaign on PostgresStore, seed ${SEED}, ${Math.round(result.durationMs / 1000)} s:\n${formatTable(result.tallies)}\n${formatSeen(result.tallies)}`);
}, 900_000);

describe("the short torture campaign on PostgresStore", () => {
  it(`kills its runs at least ${MIN_KILLS} times and recovers every time; restarts the server it started mid-run`, () => {
    const tally = result.tallies.postgres!;
    expect(tally.kills).toBeGreaterThanOrEqual(MIN_KILLS);
    expect(tally.recoveries).toBeGreaterThan(0);
    if (!process.env.ALPINE_TEST_PG_URL) expect(Object.keys(tally.seen).some((path) => path.startsWith("server restarts mid-run"))).toBe(true);
  });

  it("loses no acknowledged entry, runs no tool twice, nothing crashes, and keeps every other promise", () => {
    const tally = result.tallies.postgres!;
    expect({ lost: tally.lost, twice: tally.twice, crashes: tally.crashes, failures: tally.failures }).toEqual({ lost: 0, twice: 0, crashes: 0, failures: [] });
  });
});
