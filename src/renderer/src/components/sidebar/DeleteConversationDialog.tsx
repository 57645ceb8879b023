/** Asks before a conversation and all of its saved steps are deleted. */
import type { ConversationSummary } from "../../../../shared/view-types";
import { ConfirmDialog } from "../ConfirmDialog";

export interface DeleteConversationDialogProps {
  conversation: ConversationSummary;
  onCancel(): void;
  onDelete(id: string): void;
}

export function DeleteConversationDialog({ conversation, onCancel, onDelete }: DeleteConversationDialogProps) {
  return (
    <ConfirmDialog title="Delete this conversation?" confirmLabel="Delete" danger onCancel={onCancel} onConfirm={() => onDelete(conversation.id)}>
      <p>“{conversation.title}” and all of its saved steps will be removed from this computer. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
