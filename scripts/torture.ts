/**
 * `npm run torture`: the fault-torture campaign. Kills, failing stores, a full disk, broken
 * files, races and bad input against SqliteStore and FileStore, then a table of what
 * happened. Exits non-zero when any acknowledged entry was lost, any tool ran twice,
 * anything crashed, or any other check failed.
 *   npm run torture -- --runs 500 --seed 42
 */
import { randomInt } from "node:crypto";
import { runCampaign } from "../torture/campaign";
import { USAGE, UsageError, parseCampaignFlags } from "../torture/options";
import { formatSeen, formatTable } from "../torture/report-table";
import { SCENARIOS, type ScenarioName } from "../torture/scenarios";
import { skippedFullDiskCases } from "../torture/scenarios/full-disk";

async function main(): Promise<number> {
  let flags;
  try {
    flags = parseCampaignFlags(process.argv.slice(2), () => randomInt(1, 2 ** 31 - 1));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  const unknown = flags.only?.filter((name) => !(name in SCENARIOS)) ?? [];
  if (unknown.length > 0) {
    console.error(`Unknown scenario(s): ${unknown.join(", ")}. Scenarios: ${Object.keys(SCENARIOS).join(", ")}`);
    return 2;
  }
  const startedAt = new Date();
  console.log(`Torture campaign: seed ${flags.seed}, ${flags.runs} runs per store (${flags.stores.join(", ")}), ${flags.concurrency} at once`);
  const result = await runCampaign({
    seed: flags.seed,
    runs: flags.runs,
    stores: flags.stores,
    concurrency: flags.concurrency,
    keep: flags.keep,
    scenarios: (flags.only as ScenarioName[] | null) ?? undefined,
    log: (line) => console.log(`  ${line}`),
  });
  const failures = Object.values(result.tallies).flatMap((t) => t!.failures);
  console.log(`\n${startedAt.toISOString().slice(0, 10)}, seed ${result.seed}, ${Math.round(result.durationMs / 1000)} s, node ${process.version}, ${process.platform}`);
  console.log(formatTable(result.tallies));
  console.log(`\nPaths taken:\n${formatSeen(result.tallies)}`);
  for (const skipped of skippedFullDiskCases) console.log(`Skipped: ${skipped}`);
  if (flags.keep) console.log(`\nScratch folder kept: ${result.scratch}`);
  if (failures.length > 0) {
    console.log(`\n${failures.length} failed check(s):`);
    for (const failure of failures.slice(0, 50)) console.log(`- ${failure}`);
    if (failures.length > 50) console.log(`- ... and ${failures.length - 50} more`);
    const only = flags.only ? ` --only ${flags.only.join(",")}` : "";
    console.log(`\nReplay with: npm run torture -- --seed ${result.seed} --runs ${flags.runs} --store ${flags.stores.length > 1 ? "both" : flags.stores[0]}${only}`);
  }
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
