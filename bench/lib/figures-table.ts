/**
 * The table of current figures in the README and docs/performance.md: one row per target of
 * bench/targets.ts, judged on the latest report of each suite, each linked to the section of
 * docs/performance.md that says how it is measured. A full run of `npm run bench` writes it
 * between the two markers; test/bench/figures-table.test.ts fails when a target has no figure
 * or a page's table is not the one the results give.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { configFor, type Mode } from "../config";
import { checkTargets } from "../targets";
import { Report } from "./report";
import { type SuiteResults, mergedFigures } from "./suite-results";
import { formatNumber } from "./table";

export const TABLE_START = "<!-- figures table: written by npm run bench, do not edit -->";
export const TABLE_END = "<!-- end of figures table -->";

/** Where docs/performance.md explains each family of figures, by the figure key's start. */
const METHODS: [prefix: string, anchor: string][] = [
  ["save.postgres", "postgresql"],
  ["list.postgres", "postgresql"],
  ["load.postgres", "postgresql"],
  ["storage.postgres", "postgresql-storage"],
  ["save.", "saving"],
  ["storage.", "storage-size"],
  ["list.", "listing-and-loading"],
  ["load.", "listing-and-loading"],
  ["branches.", "branches"],
  ["agent.", "the-librarys-own-time"],
  ["providers.", "model-providers"],
  ["attachments.", "attachments"],
  ["caching.", "prompt-caching"],
  ["mcp.", "mcp"],
  ["windowLaunch.", "launch"],
  ["windowMarkdown.", "markdown-replies"],
  ["windowMemory.", "memory"],
  ["window.", "the-conversation-window"],
];

export function methodAnchor(figure: string): string {
  const method = METHODS.find(([prefix]) => figure.startsWith(prefix));
  if (!method) throw new Error(`no section of docs/performance.md explains the figure ${figure}: add it to METHODS`);
  return method[1];
}

/** The latest report of each suite of a mode in `folder`. */
export function suiteResultsIn(folder: string, mode: Mode): SuiteResults[] {
  const suffix = `-${mode}.json`;
  return readdirSync(folder)
    .filter((name) => name.endsWith(suffix) && !name.startsWith("latest-"))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(folder, name), "utf8")) as SuiteResults);
}

export interface FiguresTable {
  markdown: string;
  /** The targets with no figure in any suite's report. */
  missing: string[];
}

/** The table for a page; `methods` is the path from that page to docs/performance.md ("" on it). */
export function figuresTable(results: readonly SuiteResults[], mode: Mode, methods: string): FiguresTable {
  const { figures, measuredBy } = mergedFigures(results);
  const report = new Report();
  for (const [key, value] of Object.entries(figures)) report.set(key, value);
  checkTargets(report, configFor(mode));
  const missing: string[] = [];
  const rows = report.declared.map((target) => {
    const goal = `${target.comparison === "<=" ? "≤" : "="} ${formatNumber(target.limit)} ${target.unit}`.trim();
    const link = `[${target.name.replaceAll("|", "\\|")}](${methods}#${methodAnchor(target.figure)})`;
    if (!report.has(target.figure)) {
      missing.push(target.name);
      return `| ${link} | ${goal} | – | not measured | – |`;
    }
    const result = report.targets.find((t) => t.figure === target.figure && t.name === target.name)!;
    const measured = `${formatNumber(result.measured)} ${target.unit}`.trim();
    const { date, machine } = measuredBy[target.figure];
    return `| ${link} | ${goal} | ${measured} | ${result.met ? "met" : "**missed**"} | ${date.slice(0, 10)}, load ${formatNumber(machine.loadAverage[0])}${machine.contention ? ", beside a busy loop" : ""} |`;
  });
  // The load average at the run's start: on a 2-core machine, far above 2 inflates every time.
  const markdown = ["| target | goal | latest | result | measured, on a load of |", "|:--|--:|--:|:--|:--|", ...rows].join("\n");
  return { markdown, missing };
}

/** `text` with its figures table replaced (the markers must be there). */
export function withFiguresTable(text: string, table: string, where: string): string {
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`${where} has no figures table markers (${TABLE_START} ... ${TABLE_END})`);
  return `${text.slice(0, start + TABLE_START.length)}\n${table}\n${text.slice(end)}`;
}

/** The pages that show the table, and the path from each to docs/performance.md. */
export const TABLE_PAGES: [page: string, methods: string][] = [
  ["README.md", "docs/performance.md"],
  ["docs/performance.md", ""],
];

/** Writes the table of `results` into each page under `root`. */
export function writeFiguresTables(root: string, results: readonly SuiteResults[], mode: Mode): void {
  for (const [page, methods] of TABLE_PAGES) {
    const file = path.join(root, page);
    writeFileSync(file, withFiguresTable(readFileSync(file, "utf8"), figuresTable(results, mode, methods).markdown, page));
  }
}
