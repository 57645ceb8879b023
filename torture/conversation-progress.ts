/**
 * Where a saved conversation stands, read from its history alone (so a worker that starts
 * after any kill knows what to do next): the latest round the person opened, and whether
 * the model already closed it with text.
 */
import type { HistoryEntry } from "../src/main/agent/state/history";

const ROUND_MARK = /^\[round (\d+)\]/;

export interface RoundProgress {
  /** The latest round opened by a person's message (the task is round 0). */
  round: number;
  /** The model ended that round with a text-only turn. */
  closed: boolean;
}

export function roundProgress(history: readonly HistoryEntry[]): RoundProgress {
  let round = -1;
  let closed = false;
  for (const entry of history) {
    if (entry.kind === "user") {
      const mark = ROUND_MARK.exec(entry.text);
      if (mark) {
        round = Number(mark[1]);
        closed = false;
      }
    } else if (entry.kind === "assistant") {
      closed = entry.stopReason === "end_turn" && !entry.content.some((block) => block.type === "tool_use");
    }
  }
  return { round, closed };
}

/** Every round up to the last is closed and the last run ended by itself. */
export function conversationFinished(history: readonly HistoryEntry[], stoppedBy: string | null, rounds: number): boolean {
  const progress = roundProgress(history);
  return progress.round >= rounds - 1 && progress.closed && stoppedBy === "end_turn";
}
