/**
 * A windowed list of equal-height rows: only the rows in view (plus a few) are in the
 * page, so a list of ten thousand scrolls as lightly as a list of ten. Arrow keys, Home
 * and End move the focus between rows, scrolling as needed (virtual-list/use-row-focus.ts).
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useRowFocus } from "./virtual-list/use-row-focus";

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

  const moveFocus = useRowFocus(scroller, count, rowHeight, setScrollTop);

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
