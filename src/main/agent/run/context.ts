/**
 * The model's context, derived from history: the latest compaction's summary, then the
 * entries after it, minus the excluded ranges. History itself is never rewritten.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { AssistantEntry, CompactionEntry, HistoryEntry } from "../state/history";
import { type OpenCall, openCallsAfter, scanLatestCompaction } from "../state/open-calls";
import type { State } from "../state/state";
import { builtMessageBuilderOf, isExcluded, messageBuilderOf } from "./message-builder";

export { isExcluded, SUMMARY_PREFIX } from "./message-builder";
export type { OpenCall } from "../state/open-calls";

type MessageParam = Anthropic.MessageParam;


/**
 * The latest compaction the context starts from, if any. A State whose request was never
 * built (just loaded, or a new branch) is scanned from its end instead of building its
 * whole request: a load or a branch's creation asks this once, and may never run.
 */
export function latestCompaction(state: State): CompactionEntry | null {
  const built = builtMessageBuilderOf(state);
  if (built) return built.compaction;
  return scanLatestCompaction(state);
}

/** The entries the model sees (after the latest compaction, not excluded). */
export function contextEntries(state: State): HistoryEntry[] {
  const start = latestCompaction(state);
  const from = start ? start.seq + 1 : 0;
  const out: HistoryEntry[] = [];
  for (let i = from; i < state.history.length; i++) {
    const entry = state.history[i];
    if (!isExcluded(state, entry.seq)) out.push(entry);
  }
  return out;
}

/**
 * Messages API messages for the current context. Tool results follow the assistant turn
 * whose calls they answer, first in the next user message, as the API requires. Built
 * incrementally (see MessageBuilder); attachments are empty until resolved by think.
 */
export function buildMessages(state: State): MessageParam[] {
  return messageBuilderOf(state).requestMessages();
}

/**
 * Tool calls in the context that have no result yet, oldest first (state/open-calls.ts), after
 * the compaction the built request already knows when there is one.
 */
export function openCalls(state: State): OpenCall[] {
  return openCallsAfter(state, latestCompaction(state));
}

/** The text of the last assistant turn in the context ("" if none). */
export function lastAssistantText(state: State): string {
  const history = state.history;
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i];
    if (entry.kind === "assistant" && !isExcluded(state, entry.seq)) return assistantText(entry);
  }
  return "";
}

export function assistantText(entry: AssistantEntry): string {
  return entry.content
    .filter((b): b is { type: "text"; text: string } => b.type === "text")
    .map((b) => b.text)
    .join("");
}
