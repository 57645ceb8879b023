/** The open conversation's title and how its run stands. */
import type { ConversationSummary, ConversationView } from "../../../../shared/view-types";
import { conversationStatus } from "../conversation-row/conversation-status";
import { useTranslation } from "../../i18n/react";
import { ConversationOptions, UsageTotal } from "./ConversationOptions";

interface PaneHeaderProps {
  summary: ConversationSummary | undefined;
  running: boolean;
  view?: ConversationView | null;
}

export function PaneHeader({ summary, running, view }: PaneHeaderProps) {
  const { t } = useTranslation();
  const status = summary ? conversationStatus({ ...summary, running }) : null;
  return (
    <header className="pane__header">
      <h1 className="pane__title" title={summary?.title}>
        {summary?.title != null ? <bdi>{summary.title}</bdi> : t("conversation.pane.titleLoading")}
      </h1>
      {status && (
        <span className={`status status--${status.tone} status--pill`}>
          <span className="status__dot" aria-hidden="true" />
          {t(`conversation.status.${status.key}`)}
        </span>
      )}
      <UsageTotal usage={view?.usage} />
      {summary && <ConversationOptions id={summary.id} options={view?.options} running={running} />}
    </header>
  );
}
