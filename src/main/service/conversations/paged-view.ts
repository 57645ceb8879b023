/**
 * A conversation's view from its stored snapshot and newest page, without loading the State:
 * opening a long conversation (and the launch's reopened one) reads a page, not the history.
 *
 * Only for a State whose load would add nothing to what is stored: its last save complete
 * (the snapshot covers every stored entry), its last run ended (`stoppedBy` set: a kill's
 * open calls get their unknown results only from a load), nothing excluded from its context,
 * and no call left open in the page but the question waiting for the person. Otherwise,
 * or when the page does not reach back to tell how the run ended, the caller loads the State.
 */
import { SNAPSHOT_VERSION, type Snapshot, type Store, conversationIdOf } from "../../agent";
import type { BranchFork, ConversationView } from "../../../shared/view-types";
import { type AskChecks, asksAgain, viewEntry, interruptionFrom, lastErrorEntry, type RunEnd, summaryOf } from "./conversation-view";
import { newestStoredPage, type StoredPage } from "./stored-pages";

export interface PagedViewContext {
  /** The branch rows of a conversation: its switchers and branch count. */
  branches(conversationId: string): Promise<{ forks: BranchFork[]; branchCount: number }>;
  /** The conversation's options as the window shows them. */
  options(snapshot: Snapshot): ConversationView["options"];
  /** Whether its question was asked here; one that was not is left to the load's view (Continue asks it again). */
  checks: AskChecks;
}

export async function pagedConversationView(store: Store, id: string, tail: number, context: PagedViewContext): Promise<ConversationView | null> {
  let page = await newestStoredPage(store, id, tail);
  const ask = page?.snapshot.pendingAsk;
  // The open question's turn comes too, however old (as in history-pages.ts).
  if (page && ask && !page.entries.some((entry) => entry.kind === "assistant" && entry.content?.some((b) => b.type === "tool_use" && b.id === ask.callId))) {
    page = await newestStoredPage(store, id, tail, [ask.callId]);
  }
  if (!page || !isComplete(page) || asksAgain(page.snapshot, context.checks)) return null;
  const snapshot = page.snapshot;
  const run: RunEnd = { stoppedBy: snapshot.stoppedBy, data: snapshot.data, newest: page.entries, length: page.totalEntries };
  if (lastErrorEntry(run) === undefined && (snapshot.stoppedBy === "aborted" || snapshot.stoppedBy === "error")) return null;
  const conversationId = conversationIdOf(snapshot);
  const { forks, branchCount } = await context.branches(conversationId);
  const pending = snapshot.pendingAsk;
  return {
    summary: summaryOf({ ...snapshot, conversationId, title: snapshot.title ?? snapshot.task }, false, branchCount, interruptionFrom(run)?.kind === "needs_key"),
    entries: page.entries.map(viewEntry),
    firstSeq: page.firstSeq,
    totalEntries: page.totalEntries,
    pendingAsk: pending ? { callId: pending.callId, question: pending.question, ...(pending.choices ? { choices: [...pending.choices] } : {}) } : null,
    interruption: interruptionFrom(run),
    loadError: null,
    forks,
    options: context.options(snapshot),
  };
}

/** Would loading the State show exactly what is stored? (See the file's comment.) */
function isComplete(page: StoredPage): boolean {
  const snapshot = page.snapshot;
  if (!Number.isInteger(snapshot.version) || snapshot.version < 1 || snapshot.version > SNAPSHOT_VERSION) return false; // the load says what is wrong
  if (snapshot.retained) return false; // kept only for another conversation's branches: not shown
  if (snapshot.stoppedBy === null || snapshot.entryCount !== page.totalEntries) return false;
  if ((snapshot.excluded ?? []).length > 0) return false;
  const waiting = new Set([snapshot.pendingAsk?.callId, snapshot.answeredAsk?.callId].filter((callId) => callId !== undefined));
  const open = new Set<string>();
  for (const entry of page.entries) {
    if (entry.kind === "assistant") for (const block of entry.content ?? []) if (block.type === "tool_use") open.add(block.id);
    if (entry.kind === "tool_result") open.delete(entry.callId);
    if (entry.kind === "user" && entry.answersCallId && !entry.answersTool) open.delete(entry.answersCallId);
  }
  return [...open].every((callId) => waiting.has(callId));
}
