/**
 * The rows kept from the last session for the open conversation (start/kept-conversation.ts),
 * while the live list waits for its own task: null once it is the list's turn, or when there
 * are none for this conversation.
 */
import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { dropKeptConversation, keptConversationRows } from "../../start/kept-conversation";

export function useKeptConversation(openId: string | null): HTMLElement | null {
  const [kept, setKept] = useState(() => (openId ? { id: openId, rows: keptConversationRows(openId) } : null));
  const rows = kept && kept.id === openId ? kept.rows : null;
  useEffect(() => {
    if (!rows) return;
    // Held by this pane from now on: a pane made again later never shows them.
    dropKeptConversation();
    // The list in a task of its own, after the one that made the sidebar live (rendered in that task, not one more of React's).
    const timer = setTimeout(() => flushSync(() => setKept(null)), 0);
    return () => clearTimeout(timer);
  }, [rows]);
  return rows;
}
