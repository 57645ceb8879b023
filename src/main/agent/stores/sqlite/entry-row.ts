/**
 * A history entry as its row in `entries`: the id ((conversation num << 32) + seq), its
 * kind, and a JSON body, plus the text the search index gets. From schema version 4 the
 * body leaves out what the row already says or what follows from the rest: `seq` and
 * `kind` (the row's own columns), `error` (always null once saved) and an assistant turn's
 * `text` (the join of its text blocks). Reading puts them back, so a body of either form
 * reads as the same entry.
 */
import type { EntryRecord } from "../../state/history";
import { searchTextOf } from "./entry-search-text";

/** Entry ids hold the seq in their low 32 bits (see statements.ts). */
export const MAX_SEQ = 0xffff_ffff;

export type SerializedEntry = [seq: number, kind: string, body: string, searchText: string | null];

interface ContentBlockLike {
  type?: unknown;
  text?: unknown;
}

/** An assistant turn's text as the Agent makes it: its text blocks joined. */
export function joinedText(content: unknown): string | null {
  if (!Array.isArray(content)) return null;
  let text = "";
  for (const block of content as ContentBlockLike[]) {
    if (block?.type === "text") {
      if (typeof block.text !== "string") return null;
      text += block.text;
    }
  }
  return text;
}

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
  // A non-null error (only ever in the process that made the entry) is kept, so nothing is lost.
  const body: Record<string, unknown> = error === null || error === undefined ? rest : { ...rest, error };
  if (kind === "assistant" && typeof body.text === "string" && joinedText(body.content) === body.text) delete body.text;
  return [seq as number, kind, JSON.stringify(body), searchTextOf(entry)];
}

/** The entry a row holds. `body` is the freshly parsed JSON of the row's body: it becomes the entry. */
export function entryFromRow(seq: number, kind: string, body: Record<string, unknown>): EntryRecord {
  const entry = body !== null && typeof body === "object" && !Array.isArray(body) ? body : {};
  entry.seq = seq;
  entry.kind = kind;
  entry.error ??= null;
  if (kind === "assistant" && typeof entry.text !== "string") {
    const text = joinedText(entry.content);
    if (text !== null) entry.text = text;
  }
  return entry as unknown as EntryRecord;
}
