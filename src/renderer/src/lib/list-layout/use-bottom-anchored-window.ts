/**
 * React's side of a bottom-anchored window of rows: which rows to render, the space kept
 * for the others, and the refs that let the window measure the scroller, the column, the
 * space above the rows and each row. Rows put in front keep the reading position.
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefCallback } from "react";
import { flushSync } from "react-dom";
import { BottomAnchoredWindow, type MountedRows } from "./bottom-anchored-window";
import type { RowRange } from "./row-layout";

interface Options {
  /** The rows' keys, in order: a row's key never changes, its measured height is kept by it. */
  keys: readonly string[];
  /** A guess of row `index`'s height, asked once per key. */
  estimate(index: number): number;
  /** The view is near the first loaded row. */
  nearTop(): void;
  /** The first rows have settled in place; `rows`: how many are in the page. */
  openingSettled(rows: number): void;
  /** Rows put in front have settled in place; `rows`: how many are in the page. */
  prependSettled(rows: number): void;
}

export interface WindowedRows {
  anchored: BottomAnchoredWindow;
  range: RowRange;
  spaceAbove: number;
  spaceBelow: number;
  awayFromEnd: boolean;
  scrollerRef: RefCallback<HTMLElement>;
  columnRef: RefCallback<HTMLElement>;
  headerRef: RefCallback<HTMLElement>;
  rowRef: RefCallback<HTMLElement>;
}

export function useBottomAnchoredWindow({ keys, estimate, nearTop, openingSettled, prependSettled }: Options): WindowedRows {
  const latest = useRef({ nearTop, openingSettled, prependSettled });
  useLayoutEffect(() => {
    latest.current = { nearTop, openingSettled, prependSettled };
  });
  const [mounted, setMounted] = useState<MountedRows>({ first: null, last: null, toEnd: true });
  const [awayFromEnd, setAwayFromEnd] = useState(false);
  const [anchored] = useState(
    () =>
      new BottomAnchoredWindow({
        // On scroll, the new rows are rendered before the frame is painted, so no blank shows.
        rangeChanged: (rows, now) => (now ? flushSync(() => setMounted(rows)) : setMounted(rows)),
        awayFromEndChanged: setAwayFromEnd,
        nearTop: () => latest.current.nearTop(),
        openingSettled: (rows) => latest.current.openingSettled(rows),
        prependSettled: (rows) => latest.current.prependSettled(rows),
      }),
  );
  anchored.layout.setRows(keys, estimate);
  const range = anchored.resolve(mounted);

  // Rows put in front of the first one: the rows on screen stay where they are.
  const firstKey = useRef<string | null>(null);
  useLayoutEffect(() => {
    const before = firstKey.current;
    const now = anchored.layout.keyAt(0) ?? null;
    firstKey.current = now;
    const index = before === null || before === now ? -1 : anchored.layout.indexOf(before);
    if (index > 0) anchored.rowsPrepended(anchored.layout.offsetOf(index));
    anchored.rowsChanged();
  }, [keys, anchored]);
  useLayoutEffect(() => anchored.committed());

  const scrollerRef = useCallback((element: HTMLElement | null) => (element ? anchored.attachScroller(element) : undefined), [anchored]);
  const columnRef = useCallback((element: HTMLElement | null) => (element ? anchored.attachColumn(element) : undefined), [anchored]);
  const headerRef = useCallback((element: HTMLElement | null) => (element ? anchored.attachHeader(element) : undefined), [anchored]);
  const rowRef = useCallback((element: HTMLElement | null) => (element ? anchored.observeRow(element) : undefined), [anchored]);

  const layout = anchored.layout;
  return {
    anchored,
    range,
    spaceAbove: layout.offsetOf(range.first),
    spaceBelow: layout.total() - layout.offsetOf(range.last + 1),
    awayFromEnd,
    scrollerRef,
    columnRef,
    headerRef,
    rowRef,
  };
}
