/**
 * An entry as PostgresStore stores it, from schema version 4 (column `packed_body`): its JSON
 * without what the row already says (`seq`, its own column) or what follows from the rest
 * (packed-entry.ts: a null `error`, an assistant turn's `text` when it is the join of its
 * text blocks). A long history is about 30% fewer bytes to send, decode and parse, and
 * fewer strings to keep.
 * Reading puts them back, so a body of either form (version 3 stored each whole entry) reads
 * as the same entry. A body whose own `seq` disagrees with its row's is left as it is, so the
 * restore's check names it as damage.
 */
import type { EntryRecord } from "../../state/history";
import { dropDerivedFields, restoreDerivedFields } from "../packed-entry";

/** The JSON stored for `entry` (its seq already checked to be a whole number). */
export function packedBody(entry: EntryRecord): string {
  const { seq: _seq, ...rest } = entry as unknown as Record<string, unknown>;
  return JSON.stringify(dropDerivedFields(rest, rest.kind));
}

/** The entry of row `seq` whose body was just parsed (it becomes the entry). */
export function entryFromBody(seq: number, body: unknown): EntryRecord {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body as EntryRecord;
  const entry = body as Record<string, unknown>;
  if (entry.seq === undefined) entry.seq = seq;
  restoreDerivedFields(entry);
  return entry as unknown as EntryRecord;
}
