/**
 * The packed entry body both database stores keep from their schema version 4 (SqliteStore's
 * `entries.body`, PostgresStore's `entries.packed_body`): an entry's JSON without what
 * follows from the rest of it, put back on reading:
 * - `error`, null in every stored entry (EntryRecord); a non-null one is kept, so nothing is lost;
 * - an assistant turn's `text` when it is exactly the join of its text blocks, as the Agent
 *   makes it (a text that differs, or blocks whose text is not a string, keep it).
 * What the row's own columns say (seq; SQLite's kind too) each store leaves out and puts back
 * itself, before this rule. A body of either form (packed, or a whole entry written before)
 * reads as the same entry.
 */

interface ContentBlockLike {
  type?: unknown;
  text?: unknown;
}

/** An assistant turn's text as the Agent makes it: its text blocks joined; null when `content` cannot say. */
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

/**
 * Leaves out of `body` (a copy of an entry of kind `kind`, owned by the caller) the fields
 * reading puts back, and returns it. Its other fields keep their order.
 */
export function dropDerivedFields(body: Record<string, unknown>, kind: unknown): Record<string, unknown> {
  if (body.error === null) delete body.error;
  if (kind === "assistant" && typeof body.text === "string" && joinedText(body.content) === body.text) delete body.text;
  return body;
}

/**
 * Puts back into `entry` (a freshly parsed body, the row's own columns already restored) the
 * fields `dropDerivedFields` left out; fields it holds stay as they are.
 */
export function restoreDerivedFields(entry: Record<string, unknown>): void {
  if (entry.error === undefined) entry.error = null;
  if (entry.kind === "assistant" && typeof entry.text !== "string") {
    const text = joinedText(entry.content);
    if (text !== null) entry.text = text;
  }
}
