import type { ConversationSummary } from "../../../../shared/view-types";

export type ConversationStatusKey = "running" | "runningElsewhere" | "needsKey" | "waiting" | "error" | "stopped" | "stepLimit" | "interrupted";

/**
 * How a conversation stands, as a catalogue key (`conversation.status.<key>`) and a tone; null
 * when it simply ended. The key is also the row's `data-status`, the same in every language.
 */
export function conversationStatus(summary: ConversationSummary): { key: ConversationStatusKey; tone: "live" | "wait" | "warn" | "quiet" } | null {
  if (summary.running) return { key: "running", tone: "live" };
  if (summary.runningElsewhere) return { key: "runningElsewhere", tone: "live" };
  if (summary.waitingForKey) return { key: "needsKey", tone: "wait" };
  switch (summary.stoppedBy) {
    case "ask":
      return { key: "waiting", tone: "wait" };
    case "error":
      return { key: "error", tone: "warn" };
    case "aborted":
      return { key: "stopped", tone: "quiet" };
    case "max_steps":
      return { key: "stepLimit", tone: "quiet" };
    case null:
      return { key: "interrupted", tone: "warn" };
    default:
      return null;
  }
}
