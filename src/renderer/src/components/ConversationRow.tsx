/** One conversation in the sidebar: its title, how it stands, when it last changed; rename and delete. */
import { memo, useState } from "react";
import type { ConversationSummary } from "../../../shared/view-types";
import { PencilIcon, TrashIcon } from "./icons";
import { RenameField } from "./conversation-row/RenameField";
import { RowStatus, SavingStatus } from "./conversation-row/RowStatus";
import { MatchSnippet } from "./conversation-row/MatchSnippet";
import { DamagedRow } from "./conversation-row/DamagedRow";
import { useTranslation } from "../i18n/react";

interface ConversationRowProps {
  summary: ConversationSummary;
  active: boolean;
  /** Open the row's branch; a search result opens at its matching message (`atSeq`). */
  onOpen(id: string, atSeq: number | null): void;
  /** Resolves once the service answered (the new title is saved, or refused). */
  onRename(id: string, title: string): Promise<unknown>;
  onDelete(summary: ConversationSummary): void;
}

export const ConversationRow = memo(function ConversationRow({ summary, active, onOpen, onRename, onDelete }: ConversationRowProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(summary.title);
  // The new title while the service saves it: shown with "Saving…", never as if it were saved.
  const [saving, setSaving] = useState<string | null>(null);

  const startRename = () => {
    setDraft(summary.title);
    setEditing(true);
  };

  const finish = (save: boolean) => {
    // Enter ends the edit, and the field's blur that follows must not end it twice.
    if (!editing) return;
    setEditing(false);
    if (!save || !draft.trim() || draft.trim() === summary.title) return;
    setSaving(draft.trim());
    void onRename(summary.id, draft).finally(() => setSaving(null));
  };
  const title = saving ?? summary.title;

  if (summary.damaged) return <DamagedRow summary={summary} onDelete={onDelete} />;
  if (editing) return <RenameField conversationId={summary.id} draft={draft} onDraft={setDraft} onFinish={finish} />;

  return (
    <div className={`conversation-row${active ? " conversation-row--active" : ""}`} data-conversation-id={summary.id}>
      <button
        type="button"
        data-row-focus
        className="conversation-row__open"
        aria-current={active ? "page" : undefined}
        onClick={() => onOpen(summary.id, summary.match?.seq ?? null)}
        onKeyDown={(e) => {
          if (e.key === "F2") {
            e.preventDefault();
            startRename();
          } else if (e.key === "Delete") {
            e.preventDefault();
            onDelete(summary);
          }
        }}
        title={title}
      >
        {summary.match ? (
          <span className="conversation-row__text">
            <span className="conversation-row__title">
              <bdi>{title}</bdi>
            </span>
            <MatchSnippet match={summary.match} />
          </span>
        ) : (
          <span className="conversation-row__title">
            <bdi>{title}</bdi>
          </span>
        )}
        {saving !== null ? <SavingStatus /> : <RowStatus summary={summary} />}
      </button>
      <span className="conversation-row__actions">
        <button type="button" className="icon-button" aria-label={t("conversation.row.rename", { title: summary.title })} title={t("conversation.row.renameHint")} onClick={startRename}>
          <PencilIcon />
        </button>
        <button type="button" className="icon-button icon-button--danger" aria-label={t("conversation.row.delete", { title: summary.title })} title={t("conversation.row.deleteHint")} onClick={() => onDelete(summary)}>
          <TrashIcon />
        </button>
      </span>
    </div>
  );
});
