/**
 * The rows of the saved history followed by the entries a run has announced since. The
 * saved rows are built once per loaded view; an announced entry rebuilds only the last
 * turn (from the person's last message), the only rows it can change: a tool's result or
 * an answer belongs to a call of the same turn. With thousands of rows loaded, a new
 * entry then costs its turn, not the whole history.
 */
import type { HistoryEntryView } from "../../../shared/view-types";
import { buildDisplayItems, type DisplayItem } from "./display-items";
import { mergeEntries } from "./live-run";

function startsTurn(entry: HistoryEntryView): boolean {
  return entry.kind === "user" && typeof entry.answersCallId !== "string";
}

/** The call ids a tool result or an answer among `entries` refers to. */
function pairedCallIds(entries: HistoryEntryView[]): string[] {
  const ids: string[] = [];
  for (const entry of entries) {
    if (entry.kind === "tool_result") ids.push(String(entry.callId));
    else if (entry.kind === "user" && typeof entry.answersCallId === "string") ids.push(entry.answersCallId);
  }
  return ids;
}

/** `savedItems` must be `buildDisplayItems(saved)`. */
export function withLiveItems(saved: HistoryEntryView[], savedItems: DisplayItem[], live: HistoryEntryView[]): DisplayItem[] {
  const merged = mergeEntries(saved, live);
  if (merged === saved) return savedItems;
  const newer = merged.slice(saved.length);
  let start = saved.length - 1;
  while (start > 0 && !startsTurn(saved[start])) start--;
  if (start <= 0) return buildDisplayItems(merged);

  const turnSeq = saved[start].seq;
  const turn = buildDisplayItems(saved.slice(start).concat(newer));
  // Anything pairing with a call before the turn (never expected) gets the whole history built.
  const calls = new Set(turn.map((item) => ("callId" in item ? item.callId : null)));
  if (pairedCallIds(newer).some((id) => !calls.has(id))) return buildDisplayItems(merged);

  let cut = savedItems.length;
  while (cut > 0 && savedItems[cut - 1].seq >= turnSeq) cut--;
  return savedItems.slice(0, cut).concat(turn);
}
