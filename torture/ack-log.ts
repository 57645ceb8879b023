/**
 * The acknowledgement log: each entry a store acknowledged (its `write` returned), as the
 * exact JSON the store was given. Appended synchronously after `write` returns, so an entry
 * in the log is one the store promised to keep; a kill between the two loses only an ack,
 * never a promise.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import type { EntryRecord } from "../src/main/agent/state/history";

export interface AckedEntry {
  stateId: string;
  seq: number;
  /** JSON.stringify of the entry as handed to `write`. */
  json: string;
}

export function appendAcks(file: string, stateId: string, entries: readonly EntryRecord[]): void {
  if (entries.length === 0) return;
  const lines = entries.map((entry) => JSON.stringify({ stateId, seq: entry.seq, json: JSON.stringify(entry) }) + "\n");
  appendFileSync(file, lines.join(""), { mode: 0o600 });
}

/** Complete lines only, in order; the first acknowledgement of a seq is what the store promised to keep. */
export function readAcks(file: string): AckedEntry[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, "utf8").split("\n");
  lines.pop();
  return lines.filter((line) => line.trim()).map((line) => JSON.parse(line) as AckedEntry);
}
