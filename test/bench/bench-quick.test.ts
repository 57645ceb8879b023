/**
 * `npm run bench -- --quick` end to end: it runs every measurement and writes a results file
 * holding every figure and every target. Nothing here judges speed: that is the benchmark's
 * job, and a timing assertion on a busy CI machine would only measure the machine.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFor } from "../../bench/config";
import { expectedFigures } from "../../bench/figures";
import { suiteResultsIn } from "../../bench/lib/figures-table";
import type { ResultsDocument } from "../../bench/lib/results-file";

const root = fileURLToPath(new URL("../..", import.meta.url));
let outFolder: string;
let exitCode: number | null;
let output = "";

function runQuickBench(out: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/run.ts", "--quick", "--out", out], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve(code)); // after its output has all arrived
  });
}

beforeAll(async () => {
  outFolder = mkdtempSync(path.join(os.tmpdir(), "alpine-"));
  exitCode = await runQuickBench(outFolder);
}, 420_000); // sixteen suites, four of them launching Chromium (the launch suite a dozen times): minutes on a busy 2-core machine

afterAll(() => {
  rmSync(outFolder, { recursive: true, force: true });
});

function results(): ResultsDocument {
  return JSON.parse(readFileSync(path.join(outFolder, "latest-quick.json"), "utf8"));
}

describe("npm run bench -- --quick", () => {
  it("finishes without a crashed measurement", () => {
    expect(exitCode, output).toBe(0);
    expect(results().errors).toEqual([]);
  });

  it("writes the run's results with their Markdown, and each suite's report holding the figures it measured", () => {
    const document = results();
    const markdown = readFileSync(path.join(outFolder, "latest-quick.md"), "utf8");
    expect(markdown).toContain("### Targets");
    for (const target of document.targets) expect(markdown).toContain(target.name);
    expect(document.mode).toBe("quick");
    expect(document.machine.cores).toBeGreaterThan(0);
    const suiteFigures = suiteResultsIn(outFolder, "quick").flatMap((suite) => {
      expect(suite.date).toBe(document.date);
      return Object.entries(suite.figures);
    });
    expect(Object.fromEntries(suiteFigures)).toEqual(document.figures);
    expect(suiteFigures).toHaveLength(Object.keys(document.figures).length); // each figure in one suite's report
    expect(existsSync(path.join(outFolder, "save-quick.json"))).toBe(true);
  });

  it("measures every figure, each a finite number", () => {
    const { figures } = results();
    const missing = expectedFigures(configFor("quick")).filter((key) => typeof figures[key] !== "number" || !Number.isFinite(figures[key]));
    expect(missing).toEqual([]);
  });

  it("judges every target against its measured figure", () => {
    const { targets, figures } = results();
    expect(targets.length).toBeGreaterThanOrEqual(19);
    for (const target of targets) {
      expect(figures[target.figure]).toBe(target.measured);
      expect(target.met).toBe(target.comparison === "<=" ? target.measured <= target.limit : target.measured === target.limit);
    }
  });

  it("prints the tables and the targets", () => {
    expect(output).toContain("## Save cost per step against history length");
    expect(output).toContain("## Targets");
    for (const target of results().targets) expect(output).toContain(target.name);
  });

  it("counts bytes that grow with the conversation for the naive rewrite and not for ours", () => {
    // Bytes, not time: deterministic. The naive store rewrites everything; ours appends.
    const { figures } = results();
    const [small, large] = configFor("quick").historySizes;
    const naiveGrowth = figures[`save.naive.doc.${large}.writtenBytesPerStep`] / figures[`save.naive.doc.${small}.writtenBytesPerStep`];
    const oursGrowth = figures[`save.sqlite.store.${large}.writtenBytesPerStep`] / figures[`save.sqlite.store.${small}.writtenBytesPerStep`];
    expect(naiveGrowth).toBeGreaterThan(10);
    expect(oursGrowth).toBeLessThan(3);
  });
});
