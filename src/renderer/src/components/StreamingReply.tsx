/** The model's reply while it is being written, with a caret; announced as it grows. */
import { useEffect } from "react";
import { emitAppEvent } from "../app-events";
import { Markdown } from "../markdown/Markdown";

export function StreamingReply({ conversationId, text }: { conversationId: string; text: string }) {
  useEffect(() => {
    emitAppEvent("stream-rendered", { id: conversationId, length: text.length, text: text.slice(-200) });
  }, [conversationId, text]);

  return (
    <div className="conversation__row">
      <div className="message message--assistant message--streaming" aria-busy="true">
        <Markdown text={text} caret />
      </div>
    </div>
  );
}
