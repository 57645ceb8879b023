/**
 * Rows taken down a few blocks per frame instead of at once: a long reply's thousands of elements,
 * laid out, cost tens of ms to take out of the page in one frame (45 ms for a 200 KB table here).
 *
 * - The reply being written has a live row after the list's rows (keyed by its streamed text, see
 *   reply-rows.ts). When its saved entry arrives in the window's range, the saved row takes its
 *   key and is the same element. When the reply ended unsaved (an error, a new request), or its
 *   saved row is out of the range (the person far up), the live row leaves where it is.
 * - A long saved reply that leaves the range (scrolled away) leaves where it is too, hidden and
 *   of no height, so nothing moves; back in the range before it is gone, it is shown again.
 */
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import type { DisplayItem } from "../../store/display-items";
import type { RowRange } from "../../lib/list-layout/row-layout";

type ReplyItem = Extract<DisplayItem, { kind: "assistant" }>;

/** A saved reply longer than this leaves a few blocks per frame; a shorter row leaves at once. */
export const LEAVES_GRADUALLY_CHARS = 4_000;

export interface LeavingRows {
  /** Leaving rows above the range, in order. */
  above: ReplyItem[];
  /** Leaving rows below the range, in order. */
  below: ReplyItem[];
  /** After the list: live rows leaving, then the live row when its reply is being written. */
  tail: ReplyItem[];
  /** A leaving row is gone (its Markdown has taken its last blocks down). */
  gone(key: string): void;
}

interface Leaving {
  key: string;
  /** A live row (in the tail), or one of the list's rows. */
  live: boolean;
}

function liveItem(key: string, conversationId: string, leaving: boolean): ReplyItem {
  return { kind: "assistant", key, seq: -1, text: "", at: "", live: conversationId, ...(leaving ? { leaving: true } : {}) };
}

const leavesGradually = (item: DisplayItem | undefined): item is ReplyItem => item?.kind === "assistant" && item.text.length > LEAVES_GRADUALLY_CHARS;

/** `liveKey`: the row of the reply being written, if any; `indexOf(key)`: a row's index in `items` (-1: none). */
export function useLeavingRows(conversationId: string, items: DisplayItem[], range: RowRange, indexOf: (key: string) => number, liveKey: string | null): LeavingRows {
  const inRange = new Set<string>();
  for (let i = range.first; i <= range.last; i++) inRange.add(items[i].key);

  // What the page showed at the last commit: rows gone from the range since then may leave gradually.
  const shown = useRef({ rows: inRange, liveKey });
  useLayoutEffect(() => {
    shown.current = { rows: inRange, liveKey };
  });
  const [leaving, setLeaving] = useState<readonly Leaving[]>([]);
  let next = leaving.filter((row) => (row.live ? !inRange.has(row.key) : !inRange.has(row.key) && leavesGradually(items[indexOf(row.key)])));
  const has = (key: string) => next.some((row) => row.key === key);
  const ended = shown.current.liveKey;
  if (ended && ended !== liveKey && !inRange.has(ended) && !has(ended)) next = [...next, { key: ended, live: true }];
  for (const key of shown.current.rows) {
    if (!inRange.has(key) && !has(key) && leavesGradually(items[indexOf(key)])) next = [...next, { key, live: false }];
  }
  if (next.length !== leaving.length || next.some((row, i) => row !== leaving[i])) setLeaving(next);

  const gone = useCallback((key: string) => setLeaving((rows) => (rows.some((row) => row.key === key) ? rows.filter((row) => row.key !== key) : rows)), []);
  const above: { index: number; item: ReplyItem }[] = [];
  const below: { index: number; item: ReplyItem }[] = [];
  const tail: ReplyItem[] = [];
  for (const row of next) {
    if (row.live) {
      tail.push(liveItem(row.key, conversationId, true));
      continue;
    }
    const index = indexOf(row.key);
    const item = { ...(items[index] as ReplyItem), leaving: true };
    (index < range.first ? above : below).push({ index, item });
  }
  if (liveKey && !inRange.has(liveKey)) tail.push(liveItem(liveKey, conversationId, false));
  const inOrder = (rows: { index: number; item: ReplyItem }[]) => rows.sort((a, b) => a.index - b.index).map((row) => row.item);
  return { above: inOrder(above), below: inOrder(below), tail, gone };
}
