import { describe, expect, it } from "vitest";
import { RowLayout } from "../../src/renderer/src/lib/list-layout/row-layout";

const keys = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `k${from + i}`);

describe("the layout of a windowed list", () => {
  it("places rows by their estimates until they are measured, then by their measured heights", () => {
    const layout = new RowLayout();
    layout.setRows(keys(0, 5), () => 100);
    expect(layout.total()).toBe(500);
    expect(layout.offsetOf(3)).toBe(300);
    expect(layout.measure("k1", 40)).toBe(-60);
    expect(layout.measure("k1", 40)).toBe(0);
    expect(layout.offsetOf(3)).toBe(240);
    expect(layout.total()).toBe(440);
  });

  it("finds the rows that overlap a stretch of the list", () => {
    const layout = new RowLayout();
    layout.setRows(keys(0, 10), () => 50);
    expect(layout.indexAt(-20)).toBe(0);
    expect(layout.indexAt(0)).toBe(0);
    expect(layout.indexAt(149)).toBe(2);
    expect(layout.indexAt(150)).toBe(3);
    expect(layout.indexAt(10_000)).toBe(9);
    expect(layout.range(120, 260)).toEqual({ first: 2, last: 5 });
    expect(new RowLayout().range(0, 100)).toEqual({ first: 0, last: -1 });
  });

  it("keeps measured heights by key when an older page is put in front, and asks estimates only for new keys", () => {
    const layout = new RowLayout();
    const asked: number[] = [];
    layout.setRows(keys(100, 110), (i) => (asked.push(i), 30));
    layout.measure("k100", 80);
    asked.length = 0;
    layout.setRows(keys(95, 110), (i) => (asked.push(i), 20));
    expect(asked).toEqual([0, 1, 2, 3, 4]);
    expect(layout.indexOf("k100")).toBe(5);
    expect(layout.indexOf("k109")).toBe(14);
    // Five new rows of 20 above the measured one.
    expect(layout.offsetOf(5)).toBe(100);
    expect(layout.offsetOf(6)).toBe(180);
    expect(layout.total()).toBe(100 + 80 + 9 * 30);
  });

  it("adds rows at the end and renumbers when rows change in the middle", () => {
    const layout = new RowLayout();
    layout.setRows(keys(0, 3), () => 10);
    layout.setRows(keys(0, 5), () => 20);
    expect(layout.total()).toBe(3 * 10 + 2 * 20);
    layout.measure("k4", 5);
    layout.setRows(["k0", "k4", "k9"], () => 7);
    expect(layout.indexOf("k4")).toBe(1);
    expect(layout.indexOf("k1")).toBe(-1);
    expect(layout.total()).toBe(10 + 5 + 7);
    // A key that left keeps its measured height for when it comes back.
    layout.setRows(["k1", "k4"], () => 99);
    expect(layout.total()).toBe(10 + 5);
  });
});
