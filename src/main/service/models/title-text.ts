/** The text of an assistant entry, for titles (its text blocks joined). */
import type { HistoryEntry, State } from "../../agent";

export type { State };

export function assistantTextOf(entry: HistoryEntry): string {
  if (entry.kind !== "assistant") return "";
  return entry.content.map((b) => (b.type === "text" ? b.text : "")).join("");
}
