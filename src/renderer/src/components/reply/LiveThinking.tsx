/** The model's thinking while it is being written, above the reply's words. Reads only the thinking. */
import { useAppStore } from "../../store/app-store";
import { useTranslation } from "../../i18n/react";

export function LiveThinking({ conversationId }: { conversationId: string }) {
  const thinking = useAppStore((s) => s.live[conversationId]?.thinkingText ?? "");
  const { t } = useTranslation();
  if (!thinking) return null;
  return (
    <div className="conversation__row conversation__row--streaming">
      <details className="thinking thinking--live" data-streaming-thinking="">
        <summary className="thinking__summary">{t("message.thinkingLive")}</summary>
        <div className="thinking__text">{thinking}</div>
      </details>
    </div>
  );
}
