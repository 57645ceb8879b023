/**
 * Every scenario of the campaign, by name, with how often a random run picks it.
 */
import type { Tally } from "../tally";
import { brokenFilesRun } from "./broken-files";
import { faultSweepRun } from "./fault-sweep";
import { fullDiskRun } from "./full-disk";
import { killResumeRun } from "./kill-resume";
import type { RunContext } from "./run-context";

export const SCENARIOS = {
  sigkill: (ctx: RunContext) => killResumeRun(ctx, "sigkill"),
  sigterm: (ctx: RunContext) => killResumeRun(ctx, "sigterm"),
  faults: (ctx: RunContext) => killResumeRun(ctx, "faults"),
  "fault-sweep": faultSweepRun,
  "full-disk": fullDiskRun,
  "broken-files": brokenFilesRun,
} satisfies Record<string, (ctx: RunContext) => Promise<Partial<Tally>>>;

export type ScenarioName = keyof typeof SCENARIOS;

export const SCENARIO_WEIGHTS: [ScenarioName, number][] = [
  ["sigkill", 50],
  ["sigterm", 15],
  ["faults", 15],
  ["fault-sweep", 4],
  ["full-disk", 3],
  ["broken-files", 3],
];
