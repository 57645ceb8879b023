/** How the conversation stands matters more than when it changed; the time stays in the tooltip. */
import type { ConversationSummary } from "../../../../shared/view-types";
import { fullTime, relativeTime } from "../../lib/relative-time";
import { useClock } from "../../lib/use-clock";
import { conversationStatus } from "./conversation-status";
import { useTranslation } from "../../i18n/react";

export function RowStatus({ summary }: { summary: ConversationSummary }) {
  const status = conversationStatus(summary);
  const now = useClock();
  const { t } = useTranslation();
  if (!status) {
    return (
      <time className="conversation-row__time" dateTime={summary.updatedAt} title={fullTime(summary.updatedAt)}>
        {relativeTime(summary.updatedAt, new Date(now))}
      </time>
    );
  }
  return (
    <span className={`status status--${status.tone}`} data-status={status.key} title={fullTime(summary.updatedAt)}>
      <span className="status__dot" aria-hidden="true" />
      {t(`conversation.status.${status.key}`)}
    </span>
  );
}

/** A change the person made (a new title) that the service has not confirmed saved yet. */
export function SavingStatus() {
  const { t } = useTranslation();
  return (
    <span className="status status--wait" data-status="saving" data-saving="">
      <span className="status__dot" aria-hidden="true" />
      {t("conversation.row.saving")}
    </span>
  );
}
