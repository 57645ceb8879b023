import type { ConversationSummary } from "../../../../shared/view-types";

/** How a conversation stands, in words and a tone; null when it simply ended. */
export function conversationStatus(summary: ConversationSummary): { label: string; tone: "live" | "wait" | "warn" | "quiet" } | null {
  if (summary.running) return { label: "Running", tone: "live" };
  if (summary.runningElsewhere) return { label: "Running elsewhere", tone: "live" };
  if (summary.waitingForKey) return { label: "Needs API key", tone: "wait" };
  switch (summary.stoppedBy) {
    case "ask":
      return { label: "Waiting for you", tone: "wait" };
    case "error":
      return { label: "Error", tone: "warn" };
    case "aborted":
      return { label: "Stopped", tone: "quiet" };
    case "max_steps":
      return { label: "Step limit reached", tone: "quiet" };
    case null:
      return { label: "Interrupted", tone: "warn" };
    default:
      return null;
  }
}
