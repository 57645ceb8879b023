// `npm test`: type-check both TypeScript projects, build the app with electron-vite,
// then run every vitest suite (library, service, Electron layer, window in Chromium).
// Ends with the runner's own counts as one plain line: "N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";

// Each tool is started as `node <its entry script>`, so this runs the same on Windows.
const tools = {
  tsc: "node_modules/typescript/bin/tsc",
  "electron-vite": "node_modules/electron-vite/bin/electron-vite.js",
  vitest: "node_modules/vitest/vitest.mjs",
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

mkdirSync("test-results", { recursive: true });
const report = "test-results/vitest.json";
rmSync(report, { force: true });
const vitestOk = step("tests", "vitest", [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
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
if (!vitestOk && failed === 0) failed = 1;
failed += failedSteps;
if (failedSteps) console.log(`\n${failedSteps} check step(s) failed (type-check or build); each counts as one failure.`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
