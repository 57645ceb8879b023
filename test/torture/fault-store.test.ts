/**
 * The campaign's own tools, checked against a real store: the fault wrapper fails exactly
 * the way it says, keeps a synchronous store synchronous, and reports what was acknowledged;
 * the seeded PRNG repeats itself; the table has a row per store.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/main/agent";
import { FaultStore, InjectedStoreFault, type FaultMode } from "../../torture/fault-store";
import { Prng } from "../../torture/prng";
import { formatTable } from "../../torture/report-table";
import { emptyTally } from "../../torture/tally";
import { makeSnapshot, userEntry } from "../store/records";

let folder: string;
let inner: SqliteStore;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
  inner = new SqliteStore(path.join(folder, "c.db"));
  inner.write("s", [userEntry(0, "task")], makeSnapshot("s", { entryCount: 1 }), { create: true });
});

afterEach(() => {
  inner.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const entries = [userEntry(1, "one"), userEntry(2, "two"), userEntry(3, "three"), userEntry(4, "four")];

function writeWith(mode: FaultMode | null) {
  const acked: number[] = [];
  const store = new FaultStore(inner, { plan: () => mode, onAck: (call) => acked.push(...call.entries.map((e) => e.seq)) });
  let thrown: unknown = null;
  try {
    const result = store.write("s", entries, makeSnapshot("s", { entryCount: 5 }), { create: false });
    expect(result).toBeUndefined(); // still synchronous, like the store it wraps
  } catch (error) {
    thrown = error;
  }
  const record = inner.read("s")!;
  return { thrown, acked, stored: record.entries.map((e) => e.seq), covered: record.snapshot!.entryCount };
}

describe("FaultStore", () => {
  it("passes a write through and acknowledges it", () => {
    expect(writeWith(null)).toEqual({ thrown: null, acked: [1, 2, 3, 4], stored: [0, 1, 2, 3, 4], covered: 5 });
  });

  it('"before" throws and writes nothing', () => {
    const outcome = writeWith("before");
    expect(outcome.thrown).toBeInstanceOf(InjectedStoreFault);
    expect(outcome).toMatchObject({ acked: [], stored: [0], covered: 1 });
  });

  it('"entries" writes half the entries and no snapshot, then throws', () => {
    const outcome = writeWith("entries");
    expect(outcome.thrown).toBeInstanceOf(InjectedStoreFault);
    expect(outcome).toMatchObject({ acked: [], stored: [0, 1, 2], covered: 1 });
  });

  it('"after" writes everything, then throws', () => {
    const outcome = writeWith("after");
    expect(outcome.thrown).toBeInstanceOf(InjectedStoreFault);
    expect(outcome).toMatchObject({ acked: [], stored: [0, 1, 2, 3, 4], covered: 5 });
  });
});

describe("the campaign's helpers", () => {
  it("draws the same numbers from the same seed, and other numbers from another", () => {
    const draw = (seed: number) => Array.from({ length: 5 }, () => new Prng(seed).fork("x").int(0, 1e6));
    expect(draw(7)).toEqual(draw(7));
    const a = new Prng(7);
    const b = new Prng(8);
    expect([a.next(), a.next()]).not.toEqual([b.next(), b.next()]);
  });

  it("prints one row per store with every column", () => {
    const table = formatTable({ sqlite: { ...emptyTally(), kills: 31 }, file: emptyTally() });
    const lines = table.split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain("acknowledged entries lost");
    expect(lines[0]).toContain("tools run twice");
    expect(lines[2]).toMatch(/^\| SqliteStore +\| +0 \| +31 \|/);
  });
});
