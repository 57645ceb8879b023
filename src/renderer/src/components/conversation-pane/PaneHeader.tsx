/** The open conversation's title and how its run stands. */
import type { ConversationSummary } from "../../../../shared/view-types";
import { conversationStatus } from "../conversation-row/conversation-status";

export function PaneHeader({ summary, running }: { summary: ConversationSummary | undefined; running: boolean }) {
  const status = summary ? conversationStatus({ ...summary, running }) : null;
  return (
    <header className="pane__header">
      <h1 className="pane__title" title={summary?.title}>
        {summary?.title ?? "Loading…"}
      </h1>
      {status && (
        <span className={`status status--${status.tone} status--pill`}>
          <span className="status__dot" aria-hidden="true" />
          {status.label}
        </span>
      )}
    </header>
  );
}
