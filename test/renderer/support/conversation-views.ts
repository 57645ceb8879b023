/** Conversation views for the window's store tests: entries of consecutive seqs, a user message each. */
import type { ConversationView, HistoryEntryView } from "../../../src/shared/view-types";

const at = "2030-01-01T00:00:00.000Z";

export const entry = (seq: number) => ({ seq, kind: "user", text: `m${seq}`, at, error: null }) as HistoryEntryView;

export const span = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => entry(from + i));

/** The view of conversation `id` holding its entries [from, to), of `to` in all. */
export function view(from: number, to: number, id = "c1"): ConversationView {
  return {
    summary: { id, conversationId: id, branchCount: 1, title: "t", task: "t", createdAt: at, updatedAt: at, stoppedBy: "end_turn", running: false },
    entries: span(from, to),
    firstSeq: from,
    totalEntries: to,
    pendingAsk: null,
    interruption: null,
    loadError: null,
    forks: [],
  };
}
