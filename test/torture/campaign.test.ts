/**
 * The short torture campaign, run by `npm test`: every scenario once per store (kills at
 * random instants, SIGTERM, failing stores, a swept fault on every write, a full disk,
 * broken files, races, bad input), then more kill runs until each store has had at least
 * 30 kills. Nothing acknowledged may be lost, no tool may run twice, nothing may crash,
 * and every other check must hold. The long campaign: `npm run torture -- --runs 500`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { runCampaign, type CampaignResult } from "../../torture/campaign";
import { formatSeen, formatTable } from "../../torture/report-table";
import { SCENARIOS } from "../../torture/scenarios";
import { skippedFullDiskCases } from "../../torture/scenarios/full-disk";
import { STORE_KINDS } from "../../torture/stores";

const SEED = 20_261_129;
const MIN_KILLS = 30;

let result: CampaignResult;

beforeAll(async () => {
  result = await runCampaign({
    seed: SEED,
    runs: Object.keys(SCENARIOS).length,
    stores: STORE_KINDS,
    concurrency: 3,
    minKills: MIN_KILLS,
  });
  console.log(`Torture campaign, seed ${SEED}, ${Math.round(result.durationMs / 1000)} s:\n${formatTable(result.tallies)}\n${formatSeen(result.tallies)}`);
  for (const skipped of skippedFullDiskCases) console.log(`Skipped: ${skipped}`);
}, 900_000);

describe.each(STORE_KINDS)("the short torture campaign on %s", (kind) => {
  it(`kills its runs at least ${MIN_KILLS} times and recovers every time`, () => {
    const tally = result.tallies[kind]!;
    expect(tally.kills).toBeGreaterThanOrEqual(MIN_KILLS);
    expect(tally.recoveries).toBeGreaterThan(0);
  });

  it("loses no acknowledged entry, runs no tool twice, and nothing crashes", () => {
    const tally = result.tallies[kind]!;
    expect({ lost: tally.lost, twice: tally.twice, crashes: tally.crashes }).toEqual({ lost: 0, twice: 0, crashes: 0 });
  });

  it("keeps every other promise (clear errors, complete saves, unknown results, leases)", () => {
    expect(result.tallies[kind]!.failures).toEqual([]);
  });
});
