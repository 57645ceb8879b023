/**
 * The rows of a conversation, windowed: whatever the length of the history, only the rows
 * near the view are in the page, with space kept for the others (their measured heights,
 * or estimates). It opens at the end and follows new rows and the streamed reply while the
 * person is there; scrolling up near the first loaded row loads the page before it, and
 * the rows being read stay where they are. The reply being written is a row after them that
 * its saved reply takes over, and long rows leave a few blocks per frame (use-leaving-rows.ts).
 * It is no live region: rows mounted again on scroll would be announced as new
 * (NewMessageAnnouncer says what arrives).
 */
import { memo, useCallback, useEffect, useMemo, useRef, type ReactNode } from "react";
import type { DisplayItem } from "../store/display-items";
import type { ToolCardStatus } from "./ToolCard";
import { MessageRow } from "./MessageRow";
import { emitAppEvent } from "../app-events";
import { estimateRowHeight } from "../lib/list-layout/estimate-row-height";
import { useBottomAnchoredWindow } from "../lib/list-layout/use-bottom-anchored-window";
import { countRender } from "../lib/render-probe";
import { useMatchFocus } from "../lib/use-match-focus";
import { useAppStore } from "../store/app-store";
import { replyRowKey } from "../store/reply-rows";
import { NO_TEXT } from "../lib/streamed-text";
import { useLeavingRows } from "./message-list/use-leaving-rows";
import { RowGone } from "./message-list/row-gone";
import { LiveThinking } from "./reply/LiveThinking";
import { useTranslation } from "../i18n/react";

interface MessageListProps {
  conversationId: string;
  items: DisplayItem[];
  toolStatus(callId: string): ToolCardStatus | undefined;
  /** Rows after the history and the reply being written (the thinking indicator); they render on their own. */
  tail?: ReactNode;
  /** The conversation has entries older than the loaded ones. */
  hasEarlier: boolean;
  /** An older page is on its way. */
  loadingEarlier: boolean;
  /** Load the page before the loaded entries; resolves with how many entries it added. */
  loadEarlier(): Promise<number>;
  /** An entry to bring into view and highlight (a search result's match), once it is loaded. */
  focusSeq?: number | null;
  /** The entry asked for is in view (or cannot be shown). */
  focusDone?(): void;
}

const noop = () => undefined;

/** Rendered again only when its rows or their state change, never for a streamed word. */
export const MessageList = memo(function MessageList({ conversationId, items, toolStatus, tail, hasEarlier, loadingEarlier, loadEarlier, focusSeq = null, focusDone = noop }: MessageListProps) {
  countRender("message-list");
  const { t } = useTranslation();
  const keys = useMemo(() => items.map((item) => item.key), [items]);

  const { anchored, range, spaceAbove, spaceBelow, awayFromEnd, scrollerRef, columnRef, headerRef, rowRef } = useBottomAnchoredWindow({
    keys,
    estimate: (index) => estimateRowHeight(items[index]),
    nearTop: () => {
      if (!hasEarlier || loadingEarlier) return;
      void loadEarlier().then((added) => {
        if (added === 0) anchored.holdLoading();
      });
    },
    openingSettled: (rows) => emitAppEvent("conversation-shown", { id: conversationId, rows }),
    prependSettled: (rows) => emitAppEvent("earlier-shown", { id: conversationId, rows }),
  });

  const scroller = useRef<HTMLDivElement | null>(null);
  const attachScroller = useCallback(
    (element: HTMLDivElement | null) => {
      scroller.current = element;
      return scrollerRef(element);
    },
    [scrollerRef],
  );
  const highlighted = useMatchFocus({ conversationId, items, focusSeq, anchored, scroller, done: focusDone });

  // A load has ended (or older rows became available): the view may still be near the top.
  useEffect(() => {
    if (!loadingEarlier) anchored.checkNearTop();
  }, [loadingEarlier, hasEarlier, anchored]);

  // One keyed array from the rows to the reply being written: a live row taken over by its saved
  // reply stays the same element where it is (reply-rows.ts), and rows leave where they are.
  const liveKey = useAppStore((s) => replyRowKey(s.live[conversationId]?.stream ?? NO_TEXT));
  const leaving = useLeavingRows(conversationId, items, range, (key) => anchored.layout.indexOf(key), liveKey);
  const row = (item: DisplayItem, measured: boolean) => (
    <MessageRow
      key={item.key}
      item={item}
      toolStatus={item.kind === "tool" ? toolStatus(item.callId) : undefined}
      measureRef={measured ? rowRef : undefined}
      highlighted={item.key === highlighted}
    />
  );
  const rows: ReactNode[] = leaving.above.map((item) => row(item, false));
  for (let i = range.first; i <= range.last; i++) rows.push(row(items[i], true));
  for (const item of leaving.below) rows.push(row(item, false));
  rows.push(<div key="space-below" className="conversation__space" style={{ height: spaceBelow }} aria-hidden="true" />);
  for (const item of leaving.tail) {
    if (!item.leaving) rows.push(<LiveThinking key="live-thinking" conversationId={conversationId} />);
    rows.push(row(item, !item.leaving));
  }
  if (!liveKey) rows.push(<LiveThinking key="live-thinking" conversationId={conversationId} />);

  return (
    <div className="conversation__scroller" ref={attachScroller} tabIndex={-1}>
      <div className="conversation__column" ref={columnRef} role="region" aria-label={t("message.list.region")}>
        <div className="conversation__start" ref={headerRef}>
          {hasEarlier && (
            <div className="conversation__earlier">
              <button type="button" className="button button--ghost button--small" onClick={() => void loadEarlier()} disabled={loadingEarlier}>
                {t(loadingEarlier ? "message.list.loadingEarlier" : "message.list.showEarlier")}
              </button>
            </div>
          )}
        </div>
        <div className="conversation__space" style={{ height: spaceAbove }} aria-hidden="true" />
        <RowGone.Provider value={leaving.gone}>{rows}</RowGone.Provider>
        {tail}
      </div>
      {awayFromEnd && (
        <button type="button" className="jump-to-latest" onClick={() => anchored.jumpToLatest()}>
          {t("message.list.jumpToLatest")}
        </button>
      )}
    </div>
  );
});
