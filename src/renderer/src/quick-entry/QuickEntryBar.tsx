/** Under quick entry's field: the choice to continue the last conversation, what is happening, and "Open in Alpine". */
import { useTranslation } from "../i18n/react";

export interface QuickEntryBarProps {
  continueLast: boolean;
  onContinueLast(value: boolean): void;
  /** "Sending…", an error, or nothing. */
  status: string;
  /** The conversation the last message went to (null: none yet). */
  conversationId: string | null;
  onOpenInMain(): void;
}

export function QuickEntryBar({ continueLast, onContinueLast, status, conversationId, onOpenInMain }: QuickEntryBarProps) {
  const { t } = useTranslation();
  return (
    <div className="quick-entry__bar">
      <label className="quick-entry__choice">
        <input type="checkbox" checked={continueLast} onChange={(event) => onContinueLast(event.target.checked)} /> {t("quickEntry.continueLast")}
      </label>
      <span className="quick-entry__status" role="status">
        {status}
      </span>
      <button type="button" className="button button--ghost" disabled={!conversationId} onClick={onOpenInMain}>
        {t("quickEntry.openInMain")}
      </button>
    </div>
  );
}
