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
import { NO_TEXT } from "../lib/streamed-text";

export function StreamingReply({ conversationId }: { conversationId: string }) {
  // In pieces: nothing here reads the words themselves (see streamed-text.ts).
  const text = useAppStore((s) => s.live[conversationId]?.stream ?? NO_TEXT);
  const thinking = useAppStore((s) => s.live[conversationId]?.thinkingText ?? "");
  countRender("streaming-reply");
  // The last words shown, of this conversation: taken down after the reply ends.
  const last = useRef({ conversationId, text: NO_TEXT });
  if (text.length > 0 || last.current.conversationId !== conversationId) last.current = { conversationId, text };
  const [, gone] = useReducer((n: number) => n + 1, 0);
  const onGone = useCallback(() => {
    last.current = { conversationId, text: NO_TEXT };
    gone();
  }, [conversationId]);

  useEffect(() => {
    if (text.length > 0) emitAppEvent("stream-rendered", { id: conversationId, length: text.length });
  }, [conversationId, text]);

  const streaming = text.length > 0;
  const leaving = !streaming && last.current.text.length > 0;
  if (!streaming && !thinking && !leaving) return null;
  return (
    <div className={leaving ? "conversation__row conversation__row--leaving" : "conversation__row conversation__row--streaming"} aria-hidden={leaving || undefined}>
      {thinking && (
        <details className="thinking thinking--live" data-streaming-thinking="">
          <summary className="thinking__summary">Thinking…</summary>
          <div className="thinking__text">{thinking}</div>
        </details>
      )}
      {(streaming || leaving) && (
        <div className={leaving ? "message message--leaving" : "message message--assistant message--streaming"} aria-busy={leaving ? undefined : "true"}>
          <StreamingMarkdown text={streaming ? text : last.current.text} leaving={leaving} onGone={onGone} />
        </div>
      )}
    </div>
  );
}
