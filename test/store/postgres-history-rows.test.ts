/**
 * How PostgresStore turns its read statement's rows into a history: entries parsed as they
 * arrive, put back in seq order when a plan ever interleaves the snapshot's row with them,
 * and a row that is not JSON named as damage.
 */
import { describe, expect, it } from "vitest";
import { StoreCorruptError } from "../../src/main/agent/errors";
import { readHistoryRows } from "../../src/main/agent/stores/postgres/history-rows";

function rowsOf(rows: [number, string][]) {
  return async (_text: string, _values: unknown[], _name: string, onRow: (row: unknown[]) => void) => {
    for (const row of rows) onRow(row);
  };
}

const entry = (seq: number) => JSON.stringify({ seq, kind: "user", text: `message ${seq}` });
const statement = { text: "SELECT", name: "read" };
const where = () => "the test server";

describe("PostgresStore's history rows", () => {
  it("keeps rows that arrive in order as they are, the snapshot's row first", async () => {
    const read = await readHistoryRows(rowsOf([[-1, "{}"], [0, entry(0)], [1, entry(1)], [2, entry(2)]]), statement, ["s"], where);
    expect(read.head).toBe("{}");
    expect(read.entries.map((e) => e.seq)).toEqual([0, 1, 2]);
  });

  it("puts interleaved rows back in seq order", async () => {
    const read = await readHistoryRows(rowsOf([[1, entry(1)], [-1, "{}"], [3, entry(3)], [0, entry(0)], [2, entry(2)]]), statement, ["s"], where);
    expect(read.head).toBe("{}");
    expect(read.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
  });

  it("reads no State without the snapshot's row", async () => {
    expect(await readHistoryRows(rowsOf([]), statement, ["s"], where)).toEqual({ head: null, entries: [] });
  });

  it("names a row that is not JSON, with its seq and State", async () => {
    const error = await readHistoryRows(rowsOf([[-1, "{}"], [0, entry(0)], [1, "{nope"]]), statement, ["conv"], where).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreCorruptError);
    expect((error as Error).message).toMatch(/the test server.*entry 1 of State "conv" is not valid JSON/);
  });
});
