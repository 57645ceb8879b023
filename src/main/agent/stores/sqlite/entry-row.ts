/**
 * A history entry as its row in `entries`: the id ((conversation num << 32) + seq), its
 * kind, and a JSON body, plus the text the search index gets. From schema version 4 the
 * body leaves out what the row already says, `seq` and `kind` (the row's own columns), and
 * what follows from the rest of the entry (packed-entry.ts). Reading puts them back, so a
 * body of either form reads as the same entry.
 */
import type { EntryRecord } from "../../state/history";
import { dropDerivedFields, restoreDerivedFields } from "../packed-entry";
import { searchTextOf } from "./entry-search-text";

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
  const { seq: _seq, kind: _kind, error, ...rest } = entry as unknown as Record<string, unknown>;
  // A kept error goes after the other fields, where it has always been in these rows (a null
  // one, the rule's to drop, is not added at all: adding and deleting it costs a save time).
  if (error !== null) rest.error = error;
  return [seq as number, kind, JSON.stringify(dropDerivedFields(rest, kind)), searchTextOf(entry)];
}

/** The entry a row holds. `body` is the freshly parsed JSON of the row's body: it becomes the entry. */
export function entryFromRow(seq: number, kind: string, body: Record<string, unknown>): EntryRecord {
  const entry = body !== null && typeof body === "object" && !Array.isArray(body) ? body : {};
  entry.seq = seq;
  entry.kind = kind;
  restoreDerivedFields(entry);
  return entry as unknown as EntryRecord;
}
