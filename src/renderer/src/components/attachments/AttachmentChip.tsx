/**
 * A file of a message (or of the composer, then removable): a thumbnail for an image, an
 * icon and size otherwise. Opening it shows it inside the app. The bytes come from the
 * app's own origin (/attachments/<id>), never from a file path.
 */
import { useState } from "react";
import { ATTACHMENT_PATH_PREFIX, type AttachmentView } from "../../../../shared/usage-types";
import { AttachmentViewer } from "./AttachmentViewer";

export const attachmentUrl = (id: string) => `${ATTACHMENT_PATH_PREFIX}${id}`;

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

export function AttachmentChip({ attachment, onRemove }: { attachment: AttachmentView; onRemove?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <span className="attachment-chip" data-attachment-id={attachment.id} data-kind={attachment.kind}>
      <button type="button" className="attachment-chip__open" onClick={() => setOpen(true)} title={`Open ${attachment.name}`}>
        {attachment.kind === "image" ? (
          <img className="attachment-chip__thumb" src={attachmentUrl(attachment.id)} alt="" />
        ) : (
          <span className="attachment-chip__icon" aria-hidden="true">
            {attachment.kind === "pdf" ? "PDF" : "TXT"}
          </span>
        )}
        <span className="attachment-chip__name">{attachment.name}</span>
        <span className="attachment-chip__size">{formatBytes(attachment.size)}</span>
      </button>
      {onRemove && (
        <button type="button" className="attachment-chip__remove" onClick={onRemove} aria-label={`Remove ${attachment.name}`}>
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
