/**
 * The text of an entry that search indexes: what a person or the model said (user
 * messages, assistant turns, tool results). It is taken in JavaScript when the entry is
 * written and kept in its own column, so SQLite never parses entry JSON: its JSON
 * functions stop at 1,000 levels of nesting (a tool input may go deeper), and a row
 * garbled on disk would make every statement touching it fail, even a delete.
 */

/** The kinds of entry whose `text` is searched. */
export const SEARCHED_KINDS: readonly string[] = ["user", "assistant", "tool_result"];

/** The searched text of an entry (as a plain object), or null when it has none. */
export function searchTextOf(entry: { kind?: unknown; text?: unknown }): string | null {
  if (typeof entry.kind !== "string" || !SEARCHED_KINDS.includes(entry.kind)) return null;
  return typeof entry.text === "string" ? entry.text : null;
}
