/**
 * The rows of a conversation, rendered from the newest backwards: a long conversation
 * opens with only its last rows in the page, and earlier rows are added as the person
 * scrolls up (or asks for them), keeping the reading position. New rows keep the view
 * pinned to the bottom unless the person has scrolled away.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { DisplayItem } from "../store/display-items";
import type { ToolCardStatus } from "./ToolCard";
import { MessageItem } from "./MessageItem";

const FIRST_ROWS = 60;
const MORE_ROWS = 80;
const PINNED_SLACK_PX = 64;

interface MessageListProps {
  items: DisplayItem[];
  toolStatus(callId: string): ToolCardStatus | undefined;
  /** Rows after the history: the streamed reply, the thinking indicator. */
  tail?: ReactNode;
  /** Changes whenever the tail grows, so the view follows a streamed reply. */
  tailSize: number;
}

export function MessageList({ items, toolStatus, tail, tailSize }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const [shown, setShown] = useState(FIRST_ROWS);
  const [awayFromBottom, setAwayFromBottom] = useState(false);

  const start = Math.max(0, items.length - shown);
  const hidden = start;

  const showMore = () => {
    const element = scroller.current;
    // One expansion at a time: a second one before the first is laid out would misplace the anchor.
    if (!element || hidden === 0 || anchor.current) return;
    anchor.current = { height: element.scrollHeight, top: element.scrollTop };
    setShown((n) => n + MORE_ROWS);
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (anchor.current) {
      // Earlier rows were added above: keep the rows the person was reading in place.
      element.scrollTop = anchor.current.top + (element.scrollHeight - anchor.current.height);
      anchor.current = null;
    } else if (pinned.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [items, shown, tailSize]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || hidden === 0) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && showMore(), {
      root: scroller.current,
      rootMargin: "400px 0px 0px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hidden, shown]);

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
      <div className="conversation__row" key={item.key}>
        <MessageItem item={item} toolStatus={item.kind === "tool" ? toolStatus(item.callId) : undefined} />
      </div>,
    );
  }

  return (
    <div className="conversation__scroller" ref={scroller} onScroll={onScroll} tabIndex={-1}>
      <div className="conversation__column" role="log" aria-live="polite" aria-relevant="additions" aria-label="Conversation">
        {hidden > 0 && (
          <div ref={sentinel} className="conversation__earlier">
            <button type="button" className="button button--ghost button--small" onClick={showMore}>
              Show earlier messages ({hidden.toLocaleString()} more)
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
