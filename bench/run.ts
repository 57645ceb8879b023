/**
 * `npm run bench [-- --quick]`: measures saving, loading, listing, the agent's own overhead
 * and the window, prints one table per measurement and the targets, and writes the figures
 * as JSON under bench/results/: the run's, and each suite's latest report. A full run into
 * bench/results/ also writes the figures table of the README and docs/performance.md. It
 * fails only when a measurement crashes, never on timing.
 */
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { configFor } from "./config";
import { parseArgs } from "./lib/args";
import { BUSY_LOOP, startBusyLoop } from "./lib/busy-loop";
import { describeMachine, machineInfo } from "./lib/machine";
import { Report } from "./lib/report";
import { reportMarkdown } from "./lib/markdown";
import { suiteResultsIn, writeFiguresTables } from "./lib/figures-table";
import { writeResults, writeSuiteResults } from "./lib/results-file";
import { suitePart } from "./lib/suite-results";
import { formatReport } from "./lib/table";
import { nowMs } from "./lib/timing";
import { suites } from "./suites";
import { checkTargets } from "./targets";

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<number> {
  const resultsFolder = path.join(here, "results");
  const args = parseArgs(process.argv.slice(2), resultsFolder);
  const config = configFor(args.mode);
  const busyLoop = args.besideBusyLoop ? startBusyLoop() : null;
  const machine = { ...machineInfo(), ...(busyLoop ? { contention: BUSY_LOOP } : {}) };
  const date = new Date().toISOString();
  const report = new Report();
  const started = nowMs();
  console.log(`Alpine benchmarks, ${args.mode} mode, ${date}\n${describeMachine(machine)}\n`);

  const context = { report, config };
  for (const suite of suites) {
    if (args.only.length > 0 && !args.only.includes(suite.name)) continue;
    const suiteStart = nowMs();
    const [figuresBefore, sectionsBefore] = [new Set(Object.keys(report.figures)), report.sections.length];
    process.stdout.write(`running ${suite.name}... `);
    try {
      await suite.run(context);
      const seconds = (nowMs() - suiteStart) / 1000;
      const part = suitePart(report, figuresBefore, sectionsBefore);
      writeSuiteResults(args.outFolder, { suite: suite.name, date, mode: args.mode, machine, durationSeconds: seconds, ...part });
      console.log(`${seconds.toFixed(1)} s`);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      report.errors.push({ suite: suite.name, message });
      console.log(`FAILED\n${message}`);
    }
  }
  await busyLoop?.stop();
  checkTargets(report, config);

  const durationSeconds = (nowMs() - started) / 1000;
  const loadAverageAtEnd = os.loadavg().map((load) => Math.round(load * 100) / 100);
  console.log(`\n${formatReport(report)}\n`);
  const files = writeResults(args.outFolder, {
    date,
    mode: args.mode,
    machine,
    durationSeconds,
    loadAverageAtEnd,
    figures: report.figures,
    targets: report.targets,
    errors: report.errors,
    sections: report.sections,
  }, reportMarkdown(report, date, args.mode, machine));
  if (args.mode === "full" && args.outFolder === resultsFolder) {
    writeFiguresTables(path.join(here, ".."), suiteResultsIn(resultsFolder, args.mode), args.mode);
    console.log("The figures tables of README.md and docs/performance.md are written from each suite's latest report.");
  }
  console.log(`${durationSeconds.toFixed(1)} s, load average ${loadAverageAtEnd.join(" ")} at the end. Results: ${files.map((f) => path.relative(process.cwd(), f)).join(", ")}`);
  if (args.mode === "quick") console.log("Quick mode: small sizes, few repetitions; figures are indicative, targets are judged on the full run.");
  return report.errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
