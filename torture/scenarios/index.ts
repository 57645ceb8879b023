/**
 * Every scenario of the campaign, by name, with how often a random run picks it.
 */
import type { Tally } from "../tally";
import { badInputRun } from "./bad-input";
import { brokenFilesRun } from "./broken-files";
import { faultSweepRun } from "./fault-sweep";
import { fullDiskRun } from "./full-disk";
import { killResumeRun } from "./kill-resume";
import { raceRun } from "./races";
import { saveRulesRun } from "./save-rules";
import type { RunContext } from "./run-context";

export const SCENARIOS = {
  sigkill: (ctx: RunContext) => killResumeRun(ctx, "sigkill"),
  sigterm: (ctx: RunContext) => killResumeRun(ctx, "sigterm"),
  faults: (ctx: RunContext) => killResumeRun(ctx, "faults"),
  "fault-sweep": faultSweepRun,
  "save-rules": saveRulesRun,
  "full-disk": fullDiskRun,
  "broken-files": brokenFilesRun,
  "race-two-runners": (ctx: RunContext) => raceRun(ctx, "refused"),
  "race-stale-copy": (ctx: RunContext) => raceRun(ctx, "waits"),
  "race-killed-holder": (ctx: RunContext) => raceRun(ctx, "killed-holder"),
  "race-many-writers": (ctx: RunContext) => raceRun(ctx, "many-writers"),
  "bad-input": badInputRun,
} satisfies Record<string, (ctx: RunContext) => Promise<Partial<Tally>>>;

export type ScenarioName = keyof typeof SCENARIOS;

export const SCENARIO_WEIGHTS: [ScenarioName, number][] = [
  ["sigkill", 50],
  ["sigterm", 15],
  ["faults", 15],
  ["fault-sweep", 4],
  ["save-rules", 3],
  ["full-disk", 3],
  ["broken-files", 3],
  ["race-two-runners", 2],
  ["race-stale-copy", 2],
  ["race-killed-holder", 2],
  ["race-many-writers", 1],
  ["bad-input", 4],
];
