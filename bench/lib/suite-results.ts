/**
 * The latest report of each suite, kept as `<suite>-<mode>.json` in the results folder: a run
 * of some suites (`--only`) replaces their reports and leaves the others', so the folder always
 * holds one baseline per suite, and git keeps the ones before. The figures of all of them,
 * merged, are what the targets and the figures table are judged on.
 */
import path from "node:path";
import type { MachineInfo } from "./machine";
import type { Report, Section } from "./report";

export interface SuiteResults {
  suite: string;
  date: string;
  mode: string;
  machine: MachineInfo;
  durationSeconds: number;
  figures: Record<string, number>;
  sections: Section[];
}

export const suiteResultsFile = (folder: string, suite: string, mode: string) => path.join(folder, `${suite}-${mode}.json`);

/** What one suite added to the report while it ran. */
export function suitePart(report: Report, figuresBefore: ReadonlySet<string>, sectionsBefore: number): Pick<SuiteResults, "figures" | "sections"> {
  const figures: Record<string, number> = {};
  for (const [key, value] of Object.entries(report.figures)) if (!figuresBefore.has(key)) figures[key] = value;
  return { figures, sections: report.sections.slice(sectionsBefore) };
}

/** Every figure of the suites' reports, with the report that measured it. */
export function mergedFigures(results: readonly SuiteResults[]): { figures: Record<string, number>; measuredBy: Record<string, SuiteResults> } {
  const figures: Record<string, number> = {};
  const measuredBy: Record<string, SuiteResults> = {};
  for (const result of results) {
    for (const [key, value] of Object.entries(result.figures)) {
      figures[key] = value;
      measuredBy[key] = result;
    }
  }
  return { figures, measuredBy };
}
