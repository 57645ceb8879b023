/**
 * Quick entry: one message field. Enter sends through the same requests as the main window
 * (runs:start, or runs:send to the last conversation when chosen), so the message is saved
 * before the window acknowledges it: the field empties only once the request is answered. The
 * reply streams below; "Open in Alpine" shows the conversation in the main window; Escape hides.
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import type { AlpineApi } from "../../../shared/ipc-contract";
import { emitAppEvent } from "../app-events";
import { describeError } from "../lib/describe-error";
import { useStreamedReplies } from "./use-streamed-replies";
import { QuickEntryBar } from "./QuickEntryBar";
import { useQuickAttachments } from "./use-quick-attachments";
import { AttachmentChips } from "../components/attachments/AttachmentChip";
import { fileDropHandlers } from "../components/attachments/AttachButton";
import { useTranslation } from "../i18n/react";

export function QuickEntry({ api }: { api: AlpineApi }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [continueLast, setContinueLast] = useState(false);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const reply = useStreamedReplies(api, conversationId);
  const files = useQuickAttachments(api, setError);

  useStart(api, field, setContinueLast);
  const windowTitle = t("quickEntry.windowTitle");
  useEffect(() => {
    document.title = windowTitle;
  }, [windowTitle]);

  const send = async () => {
    const message = text.trim();
    if (message === "" || sending || files.adding) return;
    setSending(true);
    setError(null);
    try {
      const id = await sendMessage(api, message, files.sent(), continueLast);
      setConversationId(id);
      setText("");
      files.clear();
      emitAppEvent("message-sent", { id, source: "quick-entry" });
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setSending(false);
    }
  };

  const chooseContinue = (value: boolean) => {
    setContinueLast(value);
    void api.request("settings:set", { desktop: { quickEntryContinues: value } }).catch((failure: unknown) => setError(describeError(failure)));
  };

  const openInMain = () => {
    if (!conversationId) return;
    void api.request("quick:openInMain", { id: conversationId }).then(
      () => emitAppEvent("conversation-opened", { id: conversationId, source: "quick-entry" }),
      (failure: unknown) => setError(describeError(failure)),
    );
  };

  return (
    <main className="quick-entry" aria-label={t("quickEntry.label")} {...fileDropHandlers((list) => void files.addFiles(list))}>
      <AttachmentChips attachments={files.attachments} onRemove={files.remove} />
      <textarea
        ref={field}
        className="quick-entry__field"
        dir="auto"
        aria-label={t("quickEntry.field")}
        placeholder={t("quickEntry.placeholder")}
        rows={2}
        value={text}
        readOnly={sending}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void send();
          } else if (event.key === "Escape") {
            event.preventDefault();
            void api.request("quick:hide", {});
          }
        }}
      />
      <QuickEntryBar continueLast={continueLast} onContinueLast={chooseContinue} status={sending ? t("quickEntry.sending") : (error ?? "")} conversationId={conversationId} onOpenInMain={openInMain} />
      {conversationId && (
        <output className="quick-entry__reply" aria-live="polite" data-conversation-id={conversationId}>
          {reply.text || (reply.stoppedBy ? "" : "…")}
        </output>
      )}
    </main>
  );
}

/** Sends through the same requests as the main window; answers the conversation's id once the message is saved. */
async function sendMessage(api: AlpineApi, text: string, attachments: { id: string; name: string }[], continueLast: boolean): Promise<string> {
  if (continueLast) {
    const last = (await api.request("conversations:list", { limit: 1 })).items[0];
    if (last) {
      await api.request("runs:send", { id: last.id, text, attachments });
      return last.id;
    }
  }
  return (await api.request("runs:start", { text, attachments })).id;
}

/** At the start: the saved choice to continue, the focus in the field (again each time the window is shown), and "ready". */
function useStart(api: AlpineApi, field: RefObject<HTMLTextAreaElement | null>, setContinueLast: (value: boolean) => void): void {
  useEffect(() => {
    void api.request("settings:get", {}).then((settings) => setContinueLast(settings.desktop.quickEntryContinues), () => undefined);
    field.current?.focus();
    emitAppEvent("ready", { source: "quick-entry" });
    const refocus = () => field.current?.focus();
    window.addEventListener("focus", refocus);
    return () => window.removeEventListener("focus", refocus);
  }, [api, field, setContinueLast]);
}
