/**
 * The model's reply while it is being written, with a caret; announced as it grows. It
 * reads the streamed text from the store itself, so a frame's words render this component
 * and nothing else.
 *
 * When the reply ends (its saved entry takes its place in the list), its elements are not all
 * taken down in the frame that shows the saved reply: they are hidden at once (no longer laid
 * out, nor seen by assistive technology) and removed a few blocks per frame (see
 * StreamingMarkdown), so a 200 KB reply's thousands of elements do not make one long frame.
 */
import { useCallback, useEffect, useReducer, useRef } from "react";
import { useAppStore } from "../store/app-store";
import { emitAppEvent } from "../app-events";
import { StreamingMarkdown } from "../markdown/StreamingMarkdown";
import { countRender } from "../lib/render-probe";

export function StreamingReply({ conversationId }: { conversationId: string }) {
  const text = useAppStore((s) => s.live[conversationId]?.streamText ?? "");
  const thinking = useAppStore((s) => s.live[conversationId]?.thinkingText ?? "");
  countRender("streaming-reply");
  // The last words shown, of this conversation: taken down after the reply ends.
  const last = useRef({ conversationId, text: "" });
  if (text || last.current.conversationId !== conversationId) last.current = { conversationId, text };
  const [, gone] = useReducer((n: number) => n + 1, 0);
  const onGone = useCallback(() => {
    last.current = { conversationId, text: "" };
    gone();
  }, [conversationId]);

  useEffect(() => {
    if (text) emitAppEvent("stream-rendered", { id: conversationId, length: text.length });
  }, [conversationId, text]);

  const leaving = !text && last.current.text !== "";
  if (!text && !thinking && !leaving) return null;
  return (
    <div className={leaving ? "conversation__row conversation__row--leaving" : "conversation__row conversation__row--streaming"} aria-hidden={leaving || undefined}>
      {thinking && (
        <details className="thinking thinking--live" data-streaming-thinking="">
          <summary className="thinking__summary">Thinking…</summary>
          <div className="thinking__text">{thinking}</div>
        </details>
      )}
      {(text || leaving) && (
        <div className={leaving ? "message message--leaving" : "message message--assistant message--streaming"} aria-busy={leaving ? undefined : "true"}>
          <StreamingMarkdown text={text || last.current.text} leaving={leaving} onGone={onGone} />
        </div>
      )}
    </div>
  );
}
