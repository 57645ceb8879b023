/**
 * Brings a message asked for (a search result's match) into view in the windowed list and
 * highlights it briefly. The row may not be in the page yet (only rows near the view are):
 * the window first scrolls to its place in the layout, then, once the row is mounted, to the
 * row itself, frame by frame until it is in view. `alpine:match-shown` says when it is.
 */
import { useEffect, useState, type RefObject } from "react";
import type { DisplayItem } from "../store/display-items";
import type { BottomAnchoredWindow } from "./list-layout/bottom-anchored-window";
import { emitAppEvent } from "../app-events";

/** How long the row stays highlighted. */
const HIGHLIGHT_MS = 2_500;
/** Frames to wait for the row to settle in view before giving up. */
const MAX_FRAMES = 240;

/** The row that shows entry `seq`: its message or reply, else its tool card (a tool result), else the row before it. */
export function rowIndexForSeq(items: readonly DisplayItem[], seq: number): number {
  let before = -1;
  let anyOfSeq = -1;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item.seq === seq && (item.kind === "user" || item.kind === "assistant")) return i;
    if (item.seq === seq && anyOfSeq < 0) anyOfSeq = i;
    if (item.kind === "tool" && item.result?.seq === seq) return i;
    if (item.seq <= seq) before = i;
  }
  return anyOfSeq >= 0 ? anyOfSeq : before;
}

function inView(row: HTMLElement, scroller: HTMLElement): boolean {
  const box = row.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  return box.bottom > view.top + 1 && box.top < view.bottom - 1;
}

interface Options {
  conversationId: string;
  items: readonly DisplayItem[];
  /** The entry to show, or null. */
  focusSeq: number | null;
  anchored: BottomAnchoredWindow;
  scroller: RefObject<HTMLElement | null>;
  /** The entry is in view, or cannot be shown. */
  done(): void;
}

/** Returns the key of the row to highlight now, if any. */
export function useMatchFocus({ conversationId, items, focusSeq, anchored, scroller, done }: Options): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null);

  useEffect(() => {
    if (focusSeq === null) return;
    const index = rowIndexForSeq(items, focusSeq);
    if (index < 0) return; // older pages are still on their way
    const key = items[index].key;
    let frames = 0;
    let frame = 0;
    const step = () => {
      const element = scroller.current;
      const row = element?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
      if (element && row && inView(row, element)) {
        setHighlighted(key);
        emitAppEvent("match-shown", { id: conversationId, seq: focusSeq, key });
        done();
        return;
      }
      if (++frames > MAX_FRAMES) return done();
      if (row) row.scrollIntoView({ block: "center" });
      else anchored.scrollToRow(index);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [focusSeq, items, anchored, scroller, conversationId, done]);

  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  return highlighted;
}
