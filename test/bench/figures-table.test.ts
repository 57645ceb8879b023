/**
 * The table of current figures (README.md, docs/performance.md) is the one the benchmark's
 * reports give: one row per target of bench/targets.ts, each with a figure, each linked to the
 * section of docs/performance.md that says how it is measured.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TABLE_END, TABLE_PAGES, TABLE_START, figuresTable, suiteResultsIn, withFiguresTable } from "../../bench/lib/figures-table";
import type { SuiteResults } from "../../bench/lib/suite-results";

const root = fileURLToPath(new URL("../..", import.meta.url));
const results = suiteResultsIn(path.join(root, "bench/results"), "full");

describe("the figures table", () => {
  it("has a figure for every target, from the latest report of each suite in bench/results", () => {
    expect(results.length).toBeGreaterThan(0);
    expect(figuresTable(results, "full", "").missing).toEqual([]);
  });

  it.each(TABLE_PAGES)("%s shows the table the reports give (npm run bench writes it)", (page, methods) => {
    const text = readFileSync(path.join(root, page), "utf8");
    const { markdown } = figuresTable(results, "full", methods);
    expect(text.slice(text.indexOf(TABLE_START) + TABLE_START.length, text.indexOf(TABLE_END)).trim()).toBe(markdown);
  });

  it("each row links to a section of docs/performance.md that exists", () => {
    const sections = new Set(
      readFileSync(path.join(root, "docs/performance.md"), "utf8")
        .split("\n")
        .filter((line) => line.startsWith("## "))
        .map((line) => line.slice(3).toLowerCase().replace(/[^a-z0-9 -]/g, "").replaceAll(" ", "-")),
    );
    const anchors = [...figuresTable(results, "full", "").markdown.matchAll(/\]\(#([a-z0-9-]+)\)/g)].map((match) => match[1]);
    expect(anchors.length).toBeGreaterThan(10);
    expect(anchors.filter((anchor) => !sections.has(anchor))).toEqual([]);
  });

  it("a target whose figure no report holds is named, and its row says so", () => {
    const without = results.map((result): SuiteResults => ({ ...result, figures: Object.fromEntries(Object.entries(result.figures).filter(([key]) => key !== "caching.ratio")) }));
    const table = figuresTable(without, "full", "");
    const before = figuresTable(results, "full", "").missing;
    expect(table.missing.filter((name) => !before.includes(name))).toEqual([expect.stringContaining("prompt caching")]);
    expect(table.markdown).toMatch(/prompt caching.*\| – \| not measured \|/);
  });

  it("is written between its markers, and a page without them is refused", () => {
    const page = `before\n${TABLE_START}\nold\n${TABLE_END}\nafter`;
    expect(withFiguresTable(page, "| new |", "page")).toBe(`before\n${TABLE_START}\n| new |\n${TABLE_END}\nafter`);
    expect(() => withFiguresTable("no markers", "| new |", "page.md")).toThrow(/page\.md has no figures table markers/);
  });
});
