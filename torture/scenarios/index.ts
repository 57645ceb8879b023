/**
 * Every scenario of the campaign, by name, with how often a random run picks it.
 */
import type { StoreKind, Tally } from "../tally";
import { acknowledgementsRun } from "./acknowledgements";
import { attachmentsRun } from "./attachments";
import { badInputRun } from "./bad-input";
import { brokenFilesRun } from "./broken-files";
import { faultSweepRun } from "./fault-sweep";
import { fullDiskRun } from "./full-disk";
import { killResumeRun } from "./kill-resume";
import { raceRun } from "./races";
import { saveRulesRun } from "./save-rules";
import { serverRestartRun } from "./server-restart";
import type { RunContext } from "./run-context";

export const SCENARIOS = {
  sigkill: (ctx: RunContext) => killResumeRun(ctx, "sigkill"),
  sigterm: (ctx: RunContext) => killResumeRun(ctx, "sigterm"),
  faults: (ctx: RunContext) => killResumeRun(ctx, "faults"),
  mcp: (ctx: RunContext) => killResumeRun(ctx, "mcp"),
  "fault-sweep": faultSweepRun,
  "save-rules": saveRulesRun,
  "full-disk": fullDiskRun,
  "broken-files": brokenFilesRun,
  "race-two-runners": (ctx: RunContext) => raceRun(ctx, "refused"),
  "race-stale-copy": (ctx: RunContext) => raceRun(ctx, "waits"),
  "race-killed-holder": (ctx: RunContext) => raceRun(ctx, "killed-holder"),
  "race-many-writers": (ctx: RunContext) => raceRun(ctx, "many-writers"),
  "bad-input": badInputRun,
  attachments: attachmentsRun,
  "server-restart": serverRestartRun,
  acknowledgements: acknowledgementsRun,
} satisfies Record<string, (ctx: RunContext) => Promise<Partial<Tally>>>;

export type ScenarioName = keyof typeof SCENARIOS;

export const SCENARIO_WEIGHTS: [ScenarioName, number][] = [
  ["sigkill", 50],
  ["sigterm", 15],
  ["faults", 15],
  ["mcp", 10],
  ["fault-sweep", 4],
  ["save-rules", 3],
  ["full-disk", 3],
  ["broken-files", 3],
  ["race-two-runners", 2],
  ["race-stale-copy", 2],
  ["race-killed-holder", 2],
  ["race-many-writers", 1],
  ["bad-input", 4],
  ["attachments", 8],
  ["server-restart", 0],
  ["acknowledgements", 5],
];

/** Scenarios that only make sense for some stores: files on disk, or a server to restart. */
const ONLY_FOR: Partial<Record<ScenarioName, StoreKind[]>> = {
  "full-disk": ["sqlite", "file"],
  "broken-files": ["sqlite", "file"],
  // The service keeps its conversations in SQLite whatever store the campaign tortures.
  attachments: ["sqlite"],
  "server-restart": ["postgres"],
  // The service behind the window's protocol keeps its conversations in SQLite or on a PostgreSQL server.
  acknowledgements: ["sqlite", "postgres"],
};

/** How often a random run on `kind` picks each scenario. */
export function scenarioWeights(kind: StoreKind): [ScenarioName, number][] {
  return SCENARIO_WEIGHTS.filter(([name]) => !ONLY_FOR[name] || ONLY_FOR[name]!.includes(kind)).map(([name, weight]) =>
    name === "server-restart" ? [name, 20] : [name, weight],
  );
}
