/**
 * The launch notice of interrupted runs stays true while the window is open: a listed
 * conversation that goes on (running again, answered) or is deleted leaves it, and the
 * notice goes away with the last one.
 */
import type { ConversationSummary, InterruptedRuns } from "../../../shared/view-types";

/** Cut short (killed mid-run or stopped) and not running: what the service counts as interrupted. */
export function isInterrupted(summary: ConversationSummary): boolean {
  return !summary.running && (summary.stoppedBy === null || summary.stoppedBy === "aborted");
}

/**
 * The notice after `summary` changed (or, with `deleted`, after its conversation was deleted).
 * `unknown`: the conversation is not among the listed ones but the count has more than the
 * list, so only the service can say whether it was counted.
 */
export function interruptedAfterChange(
  current: InterruptedRuns | null,
  id: string,
  summary: ConversationSummary | null,
): InterruptedRuns | null | "unknown" {
  if (!current) return null;
  const listed = current.items.findIndex((item) => item.id === id);
  const stillInterrupted = summary !== null && isInterrupted(summary);
  if (listed < 0) return !stillInterrupted && current.count > current.items.length ? "unknown" : current;
  if (stillInterrupted) return { ...current, items: current.items.map((item, i) => (i === listed ? summary : item)) };
  const count = current.count - 1;
  return count > 0 ? { count, items: current.items.filter((_, i) => i !== listed) } : null;
}
