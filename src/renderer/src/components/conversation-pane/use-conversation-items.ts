/**
 * The rows of the open conversation (saved entries, then what the run added since) and
 * the status of each tool card, from the view and the live run.
 */
import { useCallback, useMemo } from "react";
import type { ConversationView, HistoryEntryView, Interruption } from "../../../../shared/view-types";
import { buildDisplayItems, type DisplayItem } from "../../store/display-items";
import { withLiveItems } from "../../store/live-display-items";
import type { LiveToolStatus } from "../../store/live-run";
import { withReplyRowKeys, type ReplyRowKeys } from "../../store/reply-rows";
import type { ToolCardStatus } from "../ToolCard";

export interface ConversationItemsInput {
  view: ConversationView | null;
  liveEntries: HistoryEntryView[] | undefined;
  liveTools: Record<string, LiveToolStatus> | undefined;
  running: boolean;
  interruption: Interruption | null;
  /** Replies streamed here: their saved rows keep the rows that showed them. */
  replyRows: ReplyRowKeys;
}

export function useConversationItems({ view, liveEntries, liveTools, running, interruption, replyRows }: ConversationItemsInput): {
  items: DisplayItem[];
  toolStatus: (callId: string) => ToolCardStatus | undefined;
} {
  const openAskId = view?.pendingAsk?.callId ?? null;
  // Built from the entries alone, so a change of the summary or the banner rebuilds no rows.
  const savedEntries = view?.entries;
  const savedItems = useMemo(() => (savedEntries ? buildDisplayItems(savedEntries) : []), [savedEntries]);
  const items = useMemo(() => {
    if (!savedEntries) return [];
    const all = withReplyRowKeys(withLiveItems(savedEntries, savedItems, liveEntries ?? []), replyRows);
    // The open question is shown once, in the prompt above the composer.
    return openAskId ? all.filter((item) => !(item.kind === "ask" && item.callId === openAskId)) : all;
  }, [savedEntries, savedItems, liveEntries, openAskId, replyRows]);

  const pendingAsk = view?.pendingAsk ?? null;
  const toolStatus = useCallback(
    (callId: string): ToolCardStatus | undefined => {
      if (pendingAsk?.callId === callId) return "waiting";
      const liveStatus = liveTools?.[callId];
      if (liveStatus) return liveStatus;
      if (running) return "running";
      if (interruption?.kind === "killed") return "unknown";
      if (interruption?.kind === "aborted") return "aborted";
      return undefined;
    },
    [liveTools, pendingAsk, running, interruption],
  );
  return { items, toolStatus };
}
