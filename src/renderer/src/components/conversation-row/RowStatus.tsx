/** How the conversation stands matters more than when it changed; the time stays in the tooltip. */
import type { ConversationSummary } from "../../../../shared/view-types";
import { fullTime, relativeTime } from "../../lib/relative-time";
import { useClock } from "../../lib/use-clock";
import { conversationStatus } from "./conversation-status";

export function RowStatus({ summary }: { summary: ConversationSummary }) {
  const status = conversationStatus(summary);
  const now = useClock();
  if (!status) {
    return (
      <time className="conversation-row__time" dateTime={summary.updatedAt} title={fullTime(summary.updatedAt)}>
        {relativeTime(summary.updatedAt, new Date(now))}
      </time>
    );
  }
  return (
    <span className={`status status--${status.tone}`} data-status={status.label} title={fullTime(summary.updatedAt)}>
      <span className="status__dot" aria-hidden="true" />
      {status.label}
    </span>
  );
}

/** A change the person made (a new title) that the service has not confirmed saved yet. */
export function SavingStatus() {
  return (
    <span className="status status--wait" data-status="Saving…" data-saving="">
      <span className="status__dot" aria-hidden="true" />
      Saving…
    </span>
  );
}
