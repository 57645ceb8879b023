/** Editing one of the person's earlier messages: sending it starts a new branch from there. */
import { useState } from "react";
import { useAppStore } from "../../store/app-store";
import { useTranslation } from "../../i18n/react";

interface MessageEditorProps {
  seq: number;
  initial: string;
  onDone(): void;
}

export function MessageEditor({ seq, initial, onDone }: MessageEditorProps) {
  const [text, setText] = useState(initial);
  const { t } = useTranslation();
  const busy = useAppStore((s) => s.pendingAction !== null);
  const send = async () => {
    if (await useAppStore.getState().editMessage(seq, text)) onDone();
  };
  return (
    <form
      className="message-editor"
      data-seq={seq}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea
        className="message-editor__text"
        aria-label={t("branch.editor.label")}
        value={text}
        autoFocus
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onDone();
          if (event.key === "Enter" && !event.shiftKey) {
            event.preventDefault();
            void send();
          }
        }}
      />
      <div className="message-editor__buttons">
        <button type="button" className="button button--ghost button--small" onClick={onDone}>
          {t("branch.editor.cancel")}
        </button>
        <button type="submit" className="button button--small" disabled={busy || !text.trim() || text === initial}>
          {t("branch.editor.send")}
        </button>
      </div>
    </form>
  );
}
