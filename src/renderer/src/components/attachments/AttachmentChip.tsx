/**
 * A file of a message (or of the composer, then removable): a thumbnail for an image, an
 * icon and size otherwise. Opening it shows it inside the app. The bytes come from the
 * app's own origin (/attachments/<id>), never from a file path.
 */
import { useState } from "react";
import type { AttachmentView } from "../../../../shared/usage-types";
import { AttachmentViewer } from "./AttachmentViewer";
import { useTranslation } from "../../i18n/react";
import { attachmentUrl, formatBytes } from "./attachment-display";

export function AttachmentChip({ attachment, onRemove }: { attachment: AttachmentView; onRemove?: () => void }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  return (
    <span className="attachment-chip" data-attachment-id={attachment.id} data-kind={attachment.kind}>
      <button type="button" className="attachment-chip__open" onClick={() => setOpen(true)} title={t("attachment.open", { name: attachment.name })}>
        {attachment.kind === "image" ? (
          <img className="attachment-chip__thumb" src={attachmentUrl(attachment.id)} alt="" />
        ) : (
          <span className="attachment-chip__icon" aria-hidden="true">
            {t(attachment.kind === "pdf" ? "attachment.kindPdf" : "attachment.kindText")}
          </span>
        )}
        <span className="attachment-chip__name">{attachment.name}</span>
        <span className="attachment-chip__size">{formatBytes(attachment.size)}</span>
      </button>
      {onRemove && (
        <button type="button" className="attachment-chip__remove" onClick={onRemove} aria-label={t("attachment.remove", { name: attachment.name })}>
          ×
        </button>
      )}
      {open && <AttachmentViewer attachment={attachment} onClose={() => setOpen(false)} />}
    </span>
  );
}

export function AttachmentChips({ attachments, onRemove }: { attachments: AttachmentView[]; onRemove?: (id: string) => void }) {
  if (attachments.length === 0) return null;
  return (
    <div className="attachment-chips">
      {attachments.map((a) => (
        <AttachmentChip key={a.id} attachment={a} onRemove={onRemove ? () => onRemove(a.id) : undefined} />
      ))}
    </div>
  );
}
