/**
 * Arrow keys, Home and End move the focus between the rows of a windowed list, scrolling
 * as needed; a row not rendered yet gets the focus right after the render that brings it.
 */
import { useCallback, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from "react";

const STEPS: Record<string, number | undefined> = { ArrowDown: 1, ArrowUp: -1 };

const rowFocusTarget = (scroller: HTMLElement, index: number) => scroller.querySelector<HTMLElement>(`[data-row-index="${index}"] [data-row-focus]`);

/** The row the key moves to, or null when the key is not one of ours. */
function targetRow(key: string, current: number, count: number): number | null {
  let target: number;
  if (key === "Home") target = 0;
  else if (key === "End") target = count - 1;
  else if (STEPS[key] !== undefined) target = current + STEPS[key]!;
  else return null;
  return Math.max(0, Math.min(count - 1, target));
}

export function useRowFocus(
  scroller: RefObject<HTMLDivElement | null>,
  count: number,
  rowHeight: number,
  setScrollTop: (top: number) => void,
): (event: KeyboardEvent<HTMLDivElement>) => void {
  const focusAfterRender = useRef<number | null>(null);

  useLayoutEffect(() => {
    const index = focusAfterRender.current;
    if (index === null) return;
    focusAfterRender.current = null;
    if (scroller.current) rowFocusTarget(scroller.current, index)?.focus({ preventScroll: true });
  });

  return useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>("[data-row-index]");
      if (!row || (event.target as HTMLElement).tagName === "INPUT") return;
      const target = targetRow(event.key, Number(row.dataset.rowIndex), count);
      if (target === null) return;
      event.preventDefault();
      const element = scroller.current!;
      const top = target * rowHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + rowHeight - element.clientHeight;
      setScrollTop(element.scrollTop);
      focusAfterRender.current = target;
      // The row may already be rendered, in which case no new render will come.
      const existing = rowFocusTarget(element, target);
      if (existing) {
        focusAfterRender.current = null;
        existing.focus({ preventScroll: true });
      }
    },
    [scroller, count, rowHeight, setScrollTop],
  );
}
