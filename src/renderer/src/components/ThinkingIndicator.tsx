/** "Thinking", while a run waits for the model's first words. Reads only whether that is so. */
import { useAppStore } from "../store/app-store";
import { useTranslation } from "../i18n/react";

export function ThinkingIndicator({ conversationId }: { conversationId: string }) {
  const shown = useAppStore((s) => {
    const live = s.live[conversationId];
    return !!live && live.running && live.thinking && live.stream.length === 0;
  });
  const { t } = useTranslation();
  if (!shown) return null;
  return (
    <div className="conversation__row">
      <div className="thinking" role="status">
        <span className="thinking__dots" aria-hidden="true">
          <i />
          <i />
          <i />
        </span>
        {t("message.thinking")}
      </div>
    </div>
  );
}
