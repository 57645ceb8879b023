/**
 * The rows of a conversation, rendered from the newest backwards: a long conversation
 * opens with only its last rows in the page, and earlier rows are added as the person
 * scrolls up (or asks for them), keeping the reading position. When every loaded row is
 * shown, the page of entries before them is loaded first. New rows keep the view pinned
 * to the bottom unless the person has scrolled away.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { DisplayItem } from "../store/display-items";
import type { ToolCardStatus } from "./ToolCard";
import { MessageItem } from "./MessageItem";
import { emitAppEvent } from "../app-events";
import { holdReadingAnchor, readingAnchor, type ReadingAnchor } from "../lib/reading-anchor";

const FIRST_ROWS = 60;
const MORE_ROWS = 80;
const PINNED_SLACK_PX = 64;

interface MessageListProps {
  conversationId: string;
  items: DisplayItem[];
  toolStatus(callId: string): ToolCardStatus | undefined;
  /** Rows after the history: the streamed reply, the thinking indicator. */
  tail?: ReactNode;
  /** Changes whenever the tail grows, so the view follows a streamed reply. */
  tailSize: number;
  /** The conversation has entries older than the loaded ones. */
  hasEarlier: boolean;
  /** An older page is on its way. */
  loadingEarlier: boolean;
  /** Load the page before the loaded entries; resolves with how many entries it added. */
  loadEarlier(): Promise<number>;
}

export function MessageList({ conversationId, items, toolStatus, tail, tailSize, hasEarlier, loadingEarlier, loadEarlier }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  /** Set from the moment more rows are asked for until the reading position has settled. */
  const expanding = useRef(false);
  /** The row to keep in place, waiting for the added rows to be laid out. */
  const pendingAnchor = useRef<{ anchor: ReadingAnchor | null } | null>(null);
  const stopHolding = useRef<(() => void) | null>(null);
  const fetching = useRef(false);
  /** An older page was asked for: its rows are shown (one batch) once they have arrived. */
  const expandWhenLoaded = useRef(false);
  const [shown, setShown] = useState(FIRST_ROWS);
  const [awayFromBottom, setAwayFromBottom] = useState(false);

  // `shown` counts rows from the newest; it never exceeds the rows there are when more are
  // asked for, so rows put in front later stay hidden until the next batch.
  const start = Math.max(0, items.length - shown);
  const hidden = start;
  const more = hidden > 0 || hasEarlier;

  /** Show one more batch of the loaded rows above the ones on screen. */
  const expand = () => {
    const element = scroller.current;
    // One expansion at a time: a second one before the first has settled would misplace the anchor.
    if (!element || expanding.current || hidden === 0) return;
    expanding.current = true;
    pendingAnchor.current = { anchor: readingAnchor(element) };
    setShown(Math.min(items.length - start + MORE_ROWS, items.length));
  };

  const showMore = () => {
    if (expanding.current || fetching.current) return;
    if (hidden > 0) return expand();
    if (!hasEarlier) return;
    // Rows not loaded yet are not on screen either, so the page can arrive while the person reads.
    if (shown > items.length) setShown(items.length);
    fetching.current = true;
    expandWhenLoaded.current = true;
    void loadEarlier().then((added) => {
      fetching.current = false;
      if (added === 0) expandWhenLoaded.current = false;
    });
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const pending = pendingAnchor.current;
    if (pending) {
      // Earlier rows were added above: keep the rows the person was reading in place.
      pendingAnchor.current = null;
      const settled = () => {
        stopHolding.current = null;
        expanding.current = false;
        emitAppEvent("earlier-shown", { id: conversationId, rows: element.querySelectorAll(".conversation__row").length });
      };
      if (pending.anchor) stopHolding.current = holdReadingAnchor(element, pending.anchor, settled);
      else settled();
    } else if (pinned.current && !expanding.current) {
      element.scrollTop = element.scrollHeight;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, shown, tailSize]);

  // The older page has arrived (its rows are hidden so far): show the first batch of them.
  useLayoutEffect(() => {
    if (expandWhenLoaded.current && hidden > 0) {
      expandWhenLoaded.current = false;
      expand();
    }
  });

  useEffect(() => () => stopHolding.current?.(), []);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !more) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && showMore(), {
      root: scroller.current,
      rootMargin: "400px 0px 0px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hidden, shown, more, items]);

  const onScroll = () => {
    const element = scroller.current!;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    pinned.current = distance < PINNED_SLACK_PX;
    setAwayFromBottom(distance > 400);
  };

  const rows: ReactNode[] = [];
  for (let i = start; i < items.length; i++) {
    const item = items[i];
    rows.push(
      <div className="conversation__row" key={item.key} data-key={item.key} data-seq={item.seq}>
        <MessageItem item={item} toolStatus={item.kind === "tool" ? toolStatus(item.callId) : undefined} />
      </div>,
    );
  }

  return (
    <div className="conversation__scroller" ref={scroller} onScroll={onScroll} tabIndex={-1}>
      <div className="conversation__column" role="log" aria-live="polite" aria-relevant="additions" aria-label="Conversation">
        {more && (
          <div ref={sentinel} className="conversation__earlier">
            <button type="button" className="button button--ghost button--small" onClick={showMore} disabled={loadingEarlier && hidden === 0}>
              {hidden > 0 ? `Show earlier messages (${hidden.toLocaleString()} more)` : loadingEarlier ? "Loading earlier messages…" : "Show earlier messages"}
            </button>
          </div>
        )}
        {rows}
        {tail}
      </div>
      {awayFromBottom && (
        <button
          type="button"
          className="jump-to-latest"
          onClick={() => {
            pinned.current = true;
            scroller.current!.scrollTop = scroller.current!.scrollHeight;
          }}
        >
          Jump to latest
        </button>
      )}
    </div>
  );
}
