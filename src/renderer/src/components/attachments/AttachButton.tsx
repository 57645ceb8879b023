/** The composer's way to add files: a button (a hidden file input), a drop, a paste. */
import { useRef } from "react";
import type { ClipboardEvent, DragEvent } from "react";
import { PaperclipIcon } from "../icons";
import { useTranslation } from "../../i18n/react";

export function AttachButton({ onFiles, disabled }: { onFiles(files: File[]): void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="composer__button composer__button--attach" onClick={() => input.current?.click()} disabled={disabled} aria-label={t("attachment.attach")} title={t("attachment.attachTitle")}>
        <PaperclipIcon />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="attach-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

/** Drop and paste handlers for the composer: files go to `onFiles`, text pastes as usual. */
export function fileDropHandlers(onFiles: (files: File[]) => void) {
  return {
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes("Files")) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      const files = [...e.dataTransfer.files];
      if (files.length === 0) return;
      e.preventDefault();
      onFiles(files);
    },
    onPaste: (e: ClipboardEvent) => {
      const files = [...e.clipboardData.files];
      if (files.length === 0) return;
      e.preventDefault();
      onFiles(files);
    },
  };
}
