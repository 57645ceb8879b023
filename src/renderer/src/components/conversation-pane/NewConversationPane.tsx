/** The pane before a conversation exists: a welcome and the composer that starts one. */
import { NEW_CONVERSATION_DRAFT } from "../../lib/composer-drafts";
import { Composer } from "../Composer";
import { KeyMissingBanner } from "../KeyMissingBanner";
import { NewConversation } from "../NewConversation";
import { useAppStore } from "../../store/app-store";
import { useTranslation } from "../../i18n/react";

export interface NewConversationPaneProps {
  hasApiKey: boolean;
  sending: boolean;
  onSubmit(text: string): Promise<boolean>;
  onStop(): void;
  onOpenSettings(): void;
}

export function NewConversationPane({ hasApiKey, sending, onSubmit, onStop, onOpenSettings }: NewConversationPaneProps) {
  // A link filled the composer's draft: a composer already shown starts again from it.
  const fills = useAppStore((s) => s.composerFills);
  const { t } = useTranslation();
  return (
    <main className="pane" aria-label={t("conversation.pane.newLabel")}>
      {!hasApiKey && <KeyMissingBanner onOpenSettings={onOpenSettings} />}
      <NewConversation />
      <div className="pane__bottom">
        <Composer key={fills} draftKey={NEW_CONVERSATION_DRAFT} running={false} busy={sending} stopping={false} placeholder={t("conversation.placeholder.new")} onSubmit={onSubmit} onStop={onStop} />
      </div>
    </main>
  );
}
