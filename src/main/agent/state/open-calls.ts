/**
 * Which tool calls of a State's context have no result yet, read from history alone: a
 * restored State and a new branch close them (state/restore.ts), a run closes or answers
 * them (run/context.ts adds the message builder's cached compaction as a fast path).
 */
import type { AssistantEntry, CompactionEntry } from "./history";
import type { State } from "./state";

/** Whether an entry lies in one of the State's excluded ranges (left out of the context). */
export function isExcluded(state: State, seq: number): boolean {
  for (const [from, to] of state.excluded) if (seq >= from && seq <= to) return true;
  return false;
}

/** The latest compaction the context starts from, found by scanning history from its end. */
export function scanLatestCompaction(state: State): CompactionEntry | null {
  const history = state.history;
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i];
    if (entry.kind === "compaction" && !isExcluded(state, entry.seq)) return entry;
  }
  return null;
}

/** Calls of an assistant turn, with whether each has a result (or an answer) yet. */
export interface OpenCall {
  id: string;
  name: string;
  input: unknown;
  assistantSeq: number;
}

/**
 * Tool calls in the context (after `compaction`) that have no result yet, oldest first. One
 * pass over history with nothing made for the calls that were answered (a new branch asks
 * this of its whole past).
 */
export function openCallsAfter(state: State, compaction: CompactionEntry | null): OpenCall[] {
  const open = new Map<string, { entry: AssistantEntry; block: number }>();
  const history = state.history;
  const excluding = state.excluded.length > 0;
  for (let i = compaction ? compaction.seq + 1 : 0; i < history.length; i++) {
    const entry = history[i];
    if (excluding && isExcluded(state, entry.seq)) continue;
    if (entry.kind === "assistant") {
      const content = entry.content;
      for (let b = 0; b < content.length; b++) if (content[b].type === "tool_use") open.set((content[b] as { id: string }).id, { entry, block: b });
    } else if (entry.kind === "tool_result") {
      open.delete(entry.callId);
    } else if (entry.kind === "user" && entry.answersCallId && !entry.answersTool) {
      open.delete(entry.answersCallId); // a tool's question stays open until the tool, run again, gives the result
    }
  }
  return [...open.values()].map(({ entry, block }) => {
    const use = entry.content[block] as { id: string; name: string; input: unknown };
    return { id: use.id, name: use.name, input: use.input, assistantSeq: entry.seq };
  });
}

/** The open calls of a State whose request the run has not built (just restored, or a new branch). */
export function openCalls(state: State): OpenCall[] {
  return openCallsAfter(state, scanLatestCompaction(state));
}
