/**
 * A conversation whose stored rows fail their check: shown as damaged (never hidden), with
 * what can be done: export what is still readable, restore it from the latest backup copy,
 * or delete it. Its id and title may be garbled, so they are shown as they are, never opened.
 */
import type { ConversationSummary } from "../../../../shared/view-types";
import { useAppStore } from "../../store/app-store";
import { TrashIcon } from "../icons";
import { useTranslation } from "../../i18n/react";

interface DamagedRowProps {
  summary: ConversationSummary;
  onDelete(summary: ConversationSummary): void;
}

export function DamagedRow({ summary, onDelete }: DamagedRowProps) {
  const exportReadable = useAppStore((s) => s.exportReadable);
  const restoreDamaged = useAppStore((s) => s.restoreDamaged);
  const { t } = useTranslation();
  const title = summary.title || summary.task || summary.id;
  return (
    <div className="conversation-row conversation-row--damaged" data-conversation-id={summary.id} data-damaged="true">
      <span className="conversation-row__open" title={t("conversation.damaged.hint", { reason: summary.damaged })}>
        <span className="conversation-row__title">
          <bdi>{title}</bdi>
        </span>
        <span className="conversation-row__damaged" role="status">
          {t("conversation.damaged.label")}
        </span>
      </span>
      <span className="conversation-row__damage-actions">
        <button type="button" className="button button--ghost" data-action="export-readable" aria-label={t("conversation.damaged.exportLabel")} title={t("conversation.damaged.exportHint")} onClick={() => void exportReadable(summary.id, "markdown")}>
          {t("conversation.damaged.export")}
        </button>
        <button type="button" className="button button--ghost" data-action="restore-backup" aria-label={t("conversation.damaged.restoreLabel")} title={t("conversation.damaged.restoreHint")} onClick={() => void restoreDamaged(summary.id)}>
          {t("conversation.damaged.restore")}
        </button>
        <button type="button" className="icon-button icon-button--danger" aria-label={t("conversation.damaged.delete", { title })} title={t("conversation.row.deleteHint")} onClick={() => onDelete(summary)}>
          <TrashIcon />
        </button>
      </span>
    </div>
  );
}
