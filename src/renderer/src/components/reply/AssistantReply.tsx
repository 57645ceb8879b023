/**
 * The model's text: a saved reply, or the reply being written (a live row, `item.live`), which
 * reads the streamed words from the store itself, so a frame's words render this component and
 * nothing else. The saved reply takes over the live row when it arrives (reply-rows.ts): the
 * same component, given the finished text, keeps the elements it streamed. A row `leaving` is
 * taken down a few blocks per frame (use-leaving-rows.ts).
 */
import { useCallback, useContext, useEffect, useRef } from "react";
import type { DisplayItem } from "../../store/display-items";
import { useAppStore } from "../../store/app-store";
import { replyRowKey } from "../../store/reply-rows";
import { NO_TEXT, type StreamedText } from "../../lib/streamed-text";
import { emitAppEvent } from "../../app-events";
import { countRender } from "../../lib/render-probe";
import { Markdown } from "../../markdown/Markdown";
import { MessageActions } from "../branches/MessageActions";
import { RowGone } from "../message-list/row-gone";
import { useTranslation } from "../../i18n/react";

type AssistantItem = Extract<DisplayItem, { kind: "assistant" }>;

/** The words of the live row `item` (none once its reply has ended or it is leaving). */
function useStreamedWords(item: AssistantItem): StreamedText {
  const conversationId = item.live;
  return useAppStore((s) => {
    if (!conversationId || item.leaving) return NO_TEXT;
    const stream = s.live[conversationId]?.stream ?? NO_TEXT;
    return replyRowKey(stream) === item.key ? stream : NO_TEXT;
  });
}

/** A stopped reply says so below what had arrived. */
function PartialNote() {
  const { t } = useTranslation();
  return <p className="message__partial-note">{t("message.partialNote")}</p>;
}

/** The words' own component renders at every frame that shows streamed words: it asks for no translation (the saved reply's parts do). */
export function AssistantReply({ item }: { item: AssistantItem }) {
  const words = useStreamedWords(item);
  // The last words shown: what a live row that ended unsaved shows while it is taken down.
  const last = useRef(NO_TEXT);
  if (words.length > 0) last.current = words;
  const streaming = words.length > 0;
  const leaving = item.leaving === true;
  if (item.live) countRender("streaming-reply");

  useEffect(() => {
    if (streaming) emitAppEvent("stream-rendered", { id: item.live, length: words.length });
  }, [streaming, item.live, words]);
  const gone = useContext(RowGone);
  const onGone = useCallback(() => gone(item.key), [gone, item.key]);

  if (item.live) {
    if (!streaming && !leaving) return null;
    return (
      <div className={leaving ? "message message--leaving" : "message message--assistant message--streaming"} aria-busy={leaving ? undefined : "true"}>
        <Markdown text={streaming ? words : last.current} leaving={leaving} onGone={onGone} />
      </div>
    );
  }
  return (
    <div className={item.partial ? "message message--assistant message--partial" : "message message--assistant"} data-seq={item.seq} data-partial={item.partial ? "stopped" : undefined}>
      <Markdown text={item.text} leaving={leaving} onGone={onGone} />
      {item.partial && <PartialNote />}
      <MessageActions seq={item.seq} kind="assistant" text={item.text} switcher={item.switcher === true} />
    </div>
  );
}
