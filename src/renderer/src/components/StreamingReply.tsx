/**
 * The model's reply while it is being written, with a caret; announced as it grows. It
 * reads the streamed text from the store itself, so a frame's words render this component
 * and nothing else.
 */
import { useEffect } from "react";
import { useAppStore } from "../store/app-store";
import { emitAppEvent } from "../app-events";
import { StreamingMarkdown } from "../markdown/StreamingMarkdown";
import { countRender } from "../lib/render-probe";

export function StreamingReply({ conversationId }: { conversationId: string }) {
  const text = useAppStore((s) => s.live[conversationId]?.streamText ?? "");
  const thinking = useAppStore((s) => s.live[conversationId]?.thinkingText ?? "");
  countRender("streaming-reply");

  useEffect(() => {
    if (text) emitAppEvent("stream-rendered", { id: conversationId, length: text.length });
  }, [conversationId, text]);

  if (!text && !thinking) return null;
  return (
    <div className="conversation__row conversation__row--streaming">
      {thinking && (
        <details className="thinking thinking--live" data-streaming-thinking="">
          <summary className="thinking__summary">Thinking…</summary>
          <div className="thinking__text">{thinking}</div>
        </details>
      )}
      {text && (
        <div className="message message--assistant message--streaming" aria-busy="true">
          <StreamingMarkdown text={text} />
        </div>
      )}
    </div>
  );
}
