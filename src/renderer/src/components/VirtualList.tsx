/**
 * A windowed list of equal-height rows: only the rows in view (plus a few) are in the
 * page, so a list of ten thousand scrolls as lightly as a list of ten. Arrow keys, Home
 * and End move the focus between rows, scrolling as needed.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

interface VirtualListProps {
  count: number;
  rowHeight: number;
  renderRow(index: number): ReactNode;
  rowKey(index: number): string | number;
  /** Told which rows are rendered whenever that changes (inclusive). */
  onRangeChange?(first: number, last: number): void;
  overscan?: number;
  label: string;
  className?: string;
}

export function VirtualList({ count, rowHeight, renderRow, rowKey, onRangeChange, overscan = 6, label, className }: VirtualListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const focusAfterRender = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = scroller.current!;
    setHeight(element.clientHeight || 600);
    const observer = new ResizeObserver(() => setHeight(element.clientHeight || 600));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + height) / rowHeight) + overscan);

  useEffect(() => {
    onRangeChange?.(first, Math.max(first, last));
  }, [first, last, onRangeChange]);

  useLayoutEffect(() => {
    const index = focusAfterRender.current;
    if (index === null) return;
    focusAfterRender.current = null;
    scroller.current?.querySelector<HTMLElement>(`[data-row-index="${index}"] [data-row-focus]`)?.focus({ preventScroll: true });
  });

  const moveFocus = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const keys: Record<string, number | undefined> = { ArrowDown: 1, ArrowUp: -1 };
      const row = (event.target as HTMLElement).closest<HTMLElement>("[data-row-index]");
      if (!row || (event.target as HTMLElement).tagName === "INPUT") return;
      const current = Number(row.dataset.rowIndex);
      let target: number;
      if (event.key === "Home") target = 0;
      else if (event.key === "End") target = count - 1;
      else if (keys[event.key] !== undefined) target = current + keys[event.key]!;
      else return;
      event.preventDefault();
      target = Math.max(0, Math.min(count - 1, target));
      const element = scroller.current!;
      const top = target * rowHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + rowHeight - element.clientHeight;
      setScrollTop(element.scrollTop);
      focusAfterRender.current = target;
      // The row may already be rendered, in which case no new render will come.
      const existing = element.querySelector<HTMLElement>(`[data-row-index="${target}"] [data-row-focus]`);
      if (existing) {
        focusAfterRender.current = null;
        existing.focus({ preventScroll: true });
      }
    },
    [count, rowHeight],
  );

  const rows: ReactNode[] = [];
  for (let index = first; index <= last; index++) {
    rows.push(
      <div
        key={rowKey(index)}
        role="listitem"
        aria-setsize={count}
        aria-posinset={index + 1}
        data-row-index={index}
        className="virtual-list__row"
        style={{ transform: `translateY(${index * rowHeight}px)`, height: rowHeight }}
      >
        {renderRow(index)}
      </div>,
    );
  }

  return (
    <div ref={scroller} className={`virtual-list ${className ?? ""}`} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)} onKeyDown={moveFocus}>
      <div role="list" aria-label={label} className="virtual-list__space" style={{ height: count * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
