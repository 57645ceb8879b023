/** The benchmark's statistics and table printer: the numbers behind every figure. */
import { describe, expect, it } from "vitest";
import { Report } from "../../bench/lib/report";
import { median, p99, percentile } from "../../bench/lib/stats";
import { formatNumber, formatTable } from "../../bench/lib/table";
import { TextSource } from "../../bench/lib/text";

describe("percentiles", () => {
  it("interpolate between ranks and ignore input order", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const hundred = Array.from({ length: 101 }, (_, i) => 100 - i);
    expect(p99(hundred)).toBe(99);
    expect(percentile([5], 0.99)).toBe(5);
  });

  it("refuse an empty series", () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe("report", () => {
  it("refuses a figure that is not a finite number", () => {
    const report = new Report();
    expect(() => report.set("x", Number.NaN)).toThrow(/x is not a finite number/);
    expect(() => report.get("missing")).toThrow(/missing was not measured/);
  });

  it("judges a target against its figure", () => {
    const report = new Report();
    report.set("a", 1.5);
    report.set("b", 3);
    report.target("a small", "a", "<=", 2, "x");
    report.target("b small", "b", "<=", 2, "x");
    report.target("not measured", "c", "<=", 2, "x");
    expect(report.targets.map((t) => [t.name, t.met])).toEqual([
      ["a small", true],
      ["b small", false],
    ]);
  });
});

describe("table", () => {
  it("pads columns and right-aligns numbers", () => {
    const text = formatTable(["name", "ms"], [["a", 1.234], ["longer", 12.5]]);
    expect(text.split("\n")).toEqual(["name    ms", "------  ----", "a       1.23", "longer  12.5"]);
  });

  it("formats numbers by magnitude", () => {
    expect(formatNumber(0.01234)).toBe("0.012");
    expect(formatNumber(10_000)).toBe("10,000");
    expect(formatNumber(1234.6)).toBe("1,235");
  });
});

describe("text source", () => {
  it("gives the same text of the asked length on every run", () => {
    const a = new TextSource(1).text(400);
    expect(a).toHaveLength(400);
    expect(new TextSource(1).text(400)).toBe(a);
    expect(new TextSource(2).text(400)).not.toBe(a);
  });
});
