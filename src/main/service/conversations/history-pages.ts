/**
 * Pages of a conversation's history for the window: the newest entries when it opens,
 * then older pages as the person scrolls up, so opening a long conversation sends a few
 * hundred entries instead of all of them.
 *
 * A page never splits a tool call from its result, nor a question from its answer: when
 * a page holds a result (or an answer) whose assistant turn is older, the page starts at
 * that turn. The window only ever holds one run of consecutive entries ending with the
 * newest, so every call it shows has its result too.
 *
 * An entry's `seq` is its position in the history (0, 1, 2, ...), so positions are seqs.
 */
import type { HistoryEntry } from "../../agent";

export interface HistoryPage<E> {
  /** Consecutive entries, oldest first. */
  entries: E[];
  /** The seq of the first entry sent; equal to `totalEntries` when nothing was sent. */
  firstSeq: number;
  /** How many entries the whole history has. */
  totalEntries: number;
}

/** The newest `tail` entries (more if a call's turn is older); `alsoShow`: call ids whose turn must be in, e.g. an open question. */
export function newestPage<E extends HistoryEntry>(history: readonly E[], tail: number, alsoShow: readonly string[] = []): HistoryPage<E> {
  const end = history.length;
  return pageOf(history, pairedStart(history, Math.max(0, end - tail), end, alsoShow), end);
}

/** Up to `limit` entries just before seq `beforeSeq` (more if a call's turn is older). */
export function pageBefore<E extends HistoryEntry>(history: readonly E[], beforeSeq: number, limit: number): HistoryPage<E> {
  const end = Math.min(Math.max(0, beforeSeq), history.length);
  return pageOf(history, pairedStart(history, Math.max(0, end - limit), end), end);
}

function pageOf<E extends HistoryEntry>(history: readonly E[], start: number, end: number): HistoryPage<E> {
  const entries = history.slice(start, end);
  return { entries, firstSeq: entries.length ? entries[0].seq : end, totalEntries: history.length };
}

/**
 * The position a page of [start, end) must start at so that every result and answer in it
 * comes with the turn that made its call: walk back from the end, remembering the calls
 * still waiting for their turn, until past `start` with none waiting.
 */
function pairedStart(history: readonly HistoryEntry[], start: number, end: number, alsoShow: readonly string[] = []): number {
  // A result whose call is nowhere in the history walks to the start: the whole history is sent.
  return pairedStartWithin(history.slice(0, end), 0, start, alsoShow) ?? 0;
}

/**
 * The same for a page ending with the last of `window`, the consecutive entries from seq
 * `offset` on (a page read from the store, not the whole history): the seq the page must
 * start at, or null when that needs entries older than the window.
 */
export function pairedStartWithin(window: readonly HistoryEntry[], offset: number, start: number, alsoShow: readonly string[] = []): number | null {
  const end = offset + window.length;
  const waiting = new Set<string>(alsoShow);
  let first = end;
  for (let seq = end - 1; seq >= 0; seq--) {
    if (seq < start && waiting.size === 0) break;
    if (seq < offset) return null;
    const entry = window[seq - offset];
    if (entry.kind === "tool_result") waiting.add(entry.callId);
    else if (entry.kind === "user" && entry.answersCallId) waiting.add(entry.answersCallId);
    else if (entry.kind === "assistant") {
      for (const block of entry.content ?? []) if (block.type === "tool_use") waiting.delete(block.id);
    }
    first = seq;
  }
  return first;
}
