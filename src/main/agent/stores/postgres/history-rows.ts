/**
 * A State's history as PostgresStore's read statements return it: first a row of seq -1 (the
 * snapshot, or only the State's existence), then the entries in seq order. Each entry's JSON
 * is parsed (and unpacked, see entry-body.ts) as its row arrives, so parsing a long history overlaps the server sending it.
 * The order is checked rather than trusted: the statement asks the server for no order (sorting
 * a whole history there cost more than the rest of the read), so rows that arrive out of seq order
 * are put back in order here, by their seqs alone.
 */
import { StoreCorruptError } from "../../errors";
import type { EntryRecord } from "../../state/history";
import { entryFromBody } from "./entry-body";

export interface HistoryRows {
  /** The seq -1 row's text (the snapshot's JSON), or null when the State does not exist. */
  head: string | null;
  entries: EntryRecord[];
}

type RowReader = (text: string, values: unknown[], name: string, onRow: (row: unknown[]) => void) => Promise<void>;

export async function readHistoryRows(eachRow: RowReader, statement: { text: string; name: string }, values: unknown[], where: () => string): Promise<HistoryRows> {
  const stateId = String(values[0]);
  let head: string | null = null;
  const entries: EntryRecord[] = [];
  const seqs: number[] = [];
  let ordered = true;
  await eachRow(statement.text, values, statement.name, (row) => {
    const seq = row[0] as number;
    if (seq === -1) {
      head = row[1] as string;
      ordered &&= entries.length === 0;
      return;
    }
    if (seqs.length > 0 && seq <= seqs[seqs.length - 1]) ordered = false;
    seqs.push(seq);
    entries.push(entryFromBody(seq, parseStored<unknown>(row[1] as string, where, stateId, `entry ${seq}`)));
  });
  if (head === null) return { head: null, entries: [] };
  return { head, entries: ordered ? entries : inSeqOrder(seqs, entries) };
}

function inSeqOrder(seqs: number[], entries: EntryRecord[]): EntryRecord[] {
  const order = seqs.map((_, i) => i).sort((a, b) => seqs[a] - seqs[b]);
  return order.map((i) => entries[i]);
}

/** Stored JSON parsed; text that is not JSON is named as damage of that State. */
export function parseStored<T>(json: string, where: () => string, stateId: string, what: string): T {
  try {
    return JSON.parse(json) as T;
  } catch (error) {
    throw new StoreCorruptError(where(), `the ${what} of State "${stateId}" is not valid JSON`, { cause: error });
  }
}
