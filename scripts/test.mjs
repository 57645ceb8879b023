// `npm test`: type-check both TypeScript projects, build the app with electron-vite, bundle
// the end-to-end tests' host, then run every vitest suite (library, service, Electron layer,
// window in Chromium) with line coverage of the Node code; each folder below its threshold
// (coverage-thresholds.json) counts as one failure. Reports go to coverage/. Given test files,
// it runs just those, without coverage (a part of the suite cannot meet the thresholds of the whole).
// Ends with the runner's own counts as one plain line: "N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { nodeVersionProblem } from "./node-version.mjs";

const oldNode = nodeVersionProblem();
if (oldNode) {
  console.error(oldNode);
  process.exit(1);
}
console.log(`Tests run on Node ${process.version} (${process.platform} ${process.arch}).`);

// Each tool is started as `node <its entry script>`, so this runs the same on Windows.
const tools = {
  tsc: "node_modules/typescript/bin/tsc",
  "electron-vite": "node_modules/electron-vite/bin/electron-vite.js",
  vitest: "node_modules/vitest/vitest.mjs",
  "build-test-host": "scripts/build-test-host.mjs",
};
const step = (title, tool, args) => {
  console.log(`\n== ${title}: ${tool} ${args.join(" ")}`);
  const result = spawnSync(process.execPath, [tools[tool], ...args], { stdio: "inherit" });
  return result.status === 0;
};

let failedSteps = 0;
if (!step("type-check (Node code)", "tsc", ["-p", "tsconfig.node.json", "--noEmit"])) failedSteps++;
if (!step("type-check (window code)", "tsc", ["-p", "tsconfig.web.json", "--noEmit"])) failedSteps++;
if (!step("build", "electron-vite", ["build"])) failedSteps++;
// The end-to-end tests' host, bundled once into a folder of its own (the launch benchmark rebuilds
// out/test-host while tests run): each start then loads built code (test/e2e/support/test-host.ts).
const e2eHostFolder = "out/e2e-host";
if (step("bundle the end-to-end tests' host", "build-test-host", ["--out-dir", e2eHostFolder])) {
  process.env.ALPINE_E2E_HOST_BUNDLE = path.resolve(e2eHostFolder, "test-host-cli.mjs");
} else failedSteps++;

mkdirSync("test-results", { recursive: true });
const report = "test-results/vitest.json";
rmSync(report, { force: true });
const extraArgs = process.argv.slice(2);
const measureCoverage = !extraArgs.some((arg) => !arg.startsWith("-"));
const coverageSummary = "coverage/coverage-summary.json";
rmSync(coverageSummary, { force: true });
const vitestOk = step("tests", "vitest", [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...(measureCoverage ? ["--coverage"] : []),
  ...extraArgs,
]);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const results = JSON.parse(readFileSync(report, "utf8"));
  passed = results.numPassedTests;
  failed = results.numFailedTests;
  skipped = results.numPendingTests + results.numTodoTests;
  // A suite that failed to load counts as a failure even when it had no tests to count.
  failed += results.testResults.filter((file) => file.status === "failed" && file.assertionResults.length === 0).length;
} catch (error) {
  console.error(`No test report was written (${error.message}).`);
  failed += 1;
}
const coverageFailures = measureCoverage ? checkCoverage() : 0;
if (!measureCoverage) console.log("\nCoverage not measured: only some test files were run.");
if (!vitestOk && failed === 0 && coverageFailures === 0) failed = 1;
failed += failedSteps + coverageFailures;
if (failedSteps) console.log(`\n${failedSteps} check step(s) failed (type-check or build); each counts as one failure.`);
console.log(`\nRan on Node ${process.version}.`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

/** Print each folder's line coverage against its threshold; returns how many fell short. */
function checkCoverage() {
  const thresholds = JSON.parse(readFileSync("coverage-thresholds.json", "utf8"));
  let summary;
  try {
    summary = JSON.parse(readFileSync(coverageSummary, "utf8"));
  } catch (error) {
    console.error(`\nNo coverage summary was written (${error.message}); counted as one failure.`);
    return 1;
  }
  console.log("\nLine coverage by folder:");
  let shortfalls = 0;
  for (const [folder, threshold] of Object.entries(thresholds)) {
    const prefix = path.resolve(folder) + path.sep;
    let covered = 0;
    let total = 0;
    for (const [file, figures] of Object.entries(summary)) {
      if (!path.resolve(file).startsWith(prefix)) continue;
      covered += figures.lines.covered;
      total += figures.lines.total;
    }
    const percent = total === 0 ? 0 : (100 * covered) / total;
    const met = total > 0 && percent >= threshold;
    if (!met) shortfalls++;
    console.log(`  ${folder}: ${percent.toFixed(2)}% of ${total} lines (threshold ${threshold}%)${met ? "" : " -- BELOW THRESHOLD"}`);
  }
  if (shortfalls) console.log(`${shortfalls} folder(s) below the coverage threshold; each counts as one failure.`);
  return shortfalls;
}
