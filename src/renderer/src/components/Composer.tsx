/**
 * Where the person writes. Enter sends, Shift+Enter starts a new line; while a run goes
 * the Stop button stands where Send was, and Escape stops too.
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import type { AttachmentView } from "../../../shared/usage-types";
import { SendIcon, StopIcon } from "./icons";
import { AttachButton, fileDropHandlers } from "./attachments/AttachButton";
import { AttachmentChips } from "./attachments/AttachmentChip";
import { useComposerAttachments } from "./attachments/use-composer-attachments";
import { composerDrafts } from "../lib/composer-drafts";

interface ComposerProps {
  /** Drafts are kept per conversation while the window is open. */
  draftKey: string;
  running: boolean;
  busy: boolean;
  stopping: boolean;
  placeholder: string;
  onSubmit(text: string, attachments: AttachmentView[]): Promise<boolean>;
  onStop(): void;
  autoFocus?: boolean;
}


export function Composer({ draftKey, running, busy, stopping, placeholder, onSubmit, onStop, autoFocus = true }: ComposerProps) {
  const [text, setText] = useState(() => composerDrafts.get(draftKey) ?? "");
  // Another conversation opened: its own draft is shown (React's way to reset state when a prop changes).
  const [shownKey, setShownKey] = useState(draftKey);
  if (shownKey !== draftKey) {
    setShownKey(draftKey);
    setText(composerDrafts.get(draftKey) ?? "");
  }
  const field = useRef<HTMLTextAreaElement>(null);
  const files = useComposerAttachments();
  const { sending, submit } = useSavedSend(draftKey, text, setText, files, onSubmit, field);

  useEffect(() => {
    // The field is always in view: not scrolling it there spares a layout of the whole window.
    if (autoFocus) field.current?.focus({ preventScroll: true });
  }, [autoFocus, draftKey]);
  useEscapeStops(running, onStop);

  const update = (value: string) => {
    setText(value);
    composerDrafts.set(draftKey, value);
  };

  const send = () => {
    if (!text.trim() || running || busy || sending || files.adding) return;
    void submit();
  };

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <AttachmentChips attachments={files.attachments} onRemove={files.remove} />
      <div className={`composer__box${running ? " composer__box--running" : ""}`} {...fileDropHandlers((list) => void files.addFiles(list))}>
        <AttachButton onFiles={(list) => void files.addFiles(list)} disabled={running} />
        <textarea
          ref={field}
          className="composer__field"
          dir="auto"
          rows={1}
          value={text}
          readOnly={sending}
          aria-busy={sending || undefined}
          placeholder={placeholder}
          aria-label="Message"
          onChange={(e) => update(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        {running ? (
          <button type="button" className="composer__button composer__button--stop" onClick={onStop} disabled={stopping} aria-label="Stop" title="Stop (Esc)">
            <StopIcon />
            <span>{stopping ? "Stopping…" : "Stop"}</span>
          </button>
        ) : (
          <button type="submit" className="composer__button composer__button--send" disabled={!text.trim() || busy || files.adding} aria-label="Send" title="Send (Enter)">
            <SendIcon />
          </button>
        )}
      </div>
      <p className="composer__hint" aria-hidden="true">
        {sending ? "Saving your message…" : running ? "Alpine is working. Esc stops it; every step so far is saved." : "Enter to send · Shift+Enter for a new line"}
      </p>
    </form>
  );
}

/** Escape stops the run from anywhere in the window, unless a dialog is open. */
function useEscapeStops(running: boolean, onStop: () => void): void {
  useEffect(() => {
    if (!running) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      onStop();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [running, onStop]);
}

/**
 * Sending: the words and files stay in the field until the service answered that they are
 * saved (docs/acknowledgements.md); only then is the draft cleared, and only the draft sent
 * (another conversation's may be shown by then).
 */
function useSavedSend(
  draftKey: string,
  text: string,
  setText: (value: string) => void,
  files: ReturnType<typeof useComposerAttachments>,
  onSubmit: ComposerProps["onSubmit"],
  field: RefObject<HTMLTextAreaElement | null>,
) {
  const [sending, setSending] = useState(false);
  const shownKey = useRef(draftKey);
  shownKey.current = draftKey;
  const submit = async () => {
    setSending(true);
    const key = draftKey;
    const sent = await onSubmit(text, files.attachments);
    setSending(false);
    if (sent) composerDrafts.set(key, "");
    if (sent && shownKey.current === key) {
      setText("");
      files.clear();
    }
    field.current?.focus();
  };
  return { sending, submit };
}
