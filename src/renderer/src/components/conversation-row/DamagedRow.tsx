/**
 * A conversation whose stored rows fail their check: shown as damaged (never hidden), with
 * what can be done: export what is still readable, restore it from the latest backup copy,
 * or delete it. Its id and title may be garbled, so they are shown as they are, never opened.
 */
import type { ConversationSummary } from "../../../../shared/view-types";
import { useAppStore } from "../../store/app-store";
import { TrashIcon } from "../icons";

interface DamagedRowProps {
  summary: ConversationSummary;
  onDelete(summary: ConversationSummary): void;
}

export function DamagedRow({ summary, onDelete }: DamagedRowProps) {
  const exportReadable = useAppStore((s) => s.exportReadable);
  const restoreDamaged = useAppStore((s) => s.restoreDamaged);
  const title = summary.title || summary.task || summary.id;
  return (
    <div className="conversation-row conversation-row--damaged" data-conversation-id={summary.id} data-damaged="true">
      <span className="conversation-row__open" title={`Damaged: ${summary.damaged}`}>
        <span className="conversation-row__title">{title}</span>
        <span className="conversation-row__damaged" role="status">
          Damaged
        </span>
      </span>
      <span className="conversation-row__damage-actions">
        <button type="button" className="button button--ghost" data-action="export-readable" aria-label="Export readable" title="Export what is still readable (Markdown)" onClick={() => void exportReadable(summary.id, "markdown")}>
          Export
        </button>
        <button type="button" className="button button--ghost" data-action="restore-backup" aria-label="Restore from backup" title="Restore it from the latest backup copy of the database" onClick={() => void restoreDamaged(summary.id)}>
          Restore
        </button>
        <button type="button" className="icon-button icon-button--danger" aria-label={`Delete damaged “${title}”`} title="Delete" onClick={() => onDelete(summary)}>
          <TrashIcon />
        </button>
      </span>
    </div>
  );
}
