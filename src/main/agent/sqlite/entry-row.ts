/** A history entry as its row in `entries`: seq, kind, the whole entry as JSON, and its searched text. */
import type { EntryRecord } from "../history";
import { searchTextOf } from "./search-text";

/** Entry ids hold the seq in their low 32 bits (see statements.ts). */
export const MAX_SEQ = 0xffff_ffff;

export type SerializedEntry = [seq: number, kind: string, body: string, searchText: string | null];

/** Checks what the row needs and serializes; throws TypeError before anything is written. */
export function serializeEntry(entry: EntryRecord): SerializedEntry {
  const { seq, kind } = entry as { seq: unknown; kind: unknown };
  if (!Number.isSafeInteger(seq) || (seq as number) < 0 || (seq as number) > MAX_SEQ) {
    throw new TypeError(`A history entry's seq must be a whole number from 0 to ${MAX_SEQ}; got ${JSON.stringify(seq)}.`);
  }
  if (typeof kind !== "string" || kind === "") {
    throw new TypeError(`History entry ${seq} has no kind.`);
  }
  return [seq as number, kind, JSON.stringify(entry), searchTextOf(entry)];
}
