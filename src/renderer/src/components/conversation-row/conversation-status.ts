import type { ConversationSummary } from "../../../../shared/view-types";

export type ConversationStatusKey = "running" | "runningElsewhere" | "needsKey" | "waiting" | "error" | "stopped" | "stepLimit" | "interrupted";

/**
 * The status's name for tests and styles (`data-status`): the same in every language, so a
 * window shown in Japanese is found by the same attribute as one in English. Never shown.
 */
export const STATUS_HOOKS: Record<ConversationStatusKey, string> = {
  running: "Running",
  runningElsewhere: "Running elsewhere",
  needsKey: "Needs API key",
  waiting: "Waiting for you",
  error: "Error",
  stopped: "Stopped",
  stepLimit: "Step limit reached",
  interrupted: "Interrupted",
};

/** How a conversation stands, as a catalogue key (`conversation.status.<key>`) and a tone; null when it simply ended. */
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
