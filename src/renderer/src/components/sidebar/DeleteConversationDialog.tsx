/** Asks before a conversation and all of its saved steps are deleted. */
import type { ConversationSummary } from "../../../../shared/view-types";
import { ConfirmDialog } from "../ConfirmDialog";
import { useTranslation } from "../../i18n/react";

export interface DeleteConversationDialogProps {
  conversation: ConversationSummary;
  onCancel(): void;
  onDelete(id: string): void;
}

export function DeleteConversationDialog({ conversation, onCancel, onDelete }: DeleteConversationDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog title={t("sidebar.deleteDialog.title")} confirmLabel={t("sidebar.deleteDialog.confirm")} danger onCancel={onCancel} onConfirm={() => onDelete(conversation.id)}>
      <p>{t("sidebar.deleteDialog.text", { title: conversation.title })}</p>
    </ConfirmDialog>
  );
}
