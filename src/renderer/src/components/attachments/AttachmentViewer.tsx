/** An attachment shown inside the app: the image, the text, or the PDF's pages (Chromium's viewer in a frame of the app's own URL). */
import { useEffect, useRef, useState } from "react";
import type { AttachmentView } from "../../../../shared/usage-types";
import { attachmentUrl, formatBytes } from "./attachment-display";
import { describeError } from "../../lib/describe-error";
import { t as translate } from "../../i18n/i18n";
import { useTranslation } from "../../i18n/react";

export function AttachmentViewer({ attachment, onClose }: { attachment: AttachmentView; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState<string | null>(null);
  const { t } = useTranslation();

  useEffect(() => {
    dialog.current?.showModal();
    if (attachment.kind !== "text") return;
    let live = true;
    fetch(attachmentUrl(attachment.id))
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`status ${r.status}`))))
      .then((body) => live && setText(body))
      .catch((error) => live && setText(translate("attachment.notShown", { reason: describeError(error) })));
    return () => {
      live = false;
    };
  }, [attachment]);

  return (
    <dialog ref={dialog} className="dialog attachment-viewer" aria-label={attachment.name} onClose={onClose}>
      <header className="attachment-viewer__header">
        <h2>{attachment.name}</h2>
        <span>{t("attachment.details", { mediaType: attachment.mediaType, size: formatBytes(attachment.size) })}</span>
        <button type="button" className="button" onClick={() => dialog.current?.close()}>
          {t("attachment.close")}
        </button>
      </header>
      {attachment.kind === "image" && <img className="attachment-viewer__image" src={attachmentUrl(attachment.id)} alt={attachment.name} />}
      {attachment.kind === "text" && <pre className="attachment-viewer__text">{text ?? t("attachment.loading")}</pre>}
      {attachment.kind === "pdf" && <iframe className="attachment-viewer__pdf" src={attachmentUrl(attachment.id)} title={attachment.name} />}
    </dialog>
  );
}
