/** The title being renamed in place: Enter or leaving the field saves, Escape cancels. */
import { useEffect, useRef } from "react";
import { useTranslation } from "../../i18n/react";

export interface RenameFieldProps {
  conversationId: string;
  draft: string;
  onDraft(value: string): void;
  onFinish(save: boolean): void;
}

export function RenameField({ conversationId, draft, onDraft, onFinish }: RenameFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const { t } = useTranslation();
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  return (
    <div className="conversation-row conversation-row--editing" data-conversation-id={conversationId}>
      <input
        ref={input}
        className="conversation-row__rename"
        aria-label={t("conversation.row.newTitle")}
        value={draft}
        maxLength={300}
        onChange={(e) => onDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") onFinish(true);
          if (e.key === "Escape") {
            e.stopPropagation();
            onFinish(false);
          }
        }}
        onBlur={() => onFinish(true)}
      />
    </div>
  );
}
