/**
 * The composer's files: added by the button, a drop or a paste, each stored at once
 * (checked by its bytes and the API's limits; a refusal names the file and the limit in a
 * toast), shown as removable chips, sent with the message.
 */
import { useCallback, useState } from "react";
import type { AttachmentView } from "../../../../shared/usage-types";
import { api } from "../../api/current-api";
import { emitAppEvent } from "../../app-events";
import { useAppStore } from "../../store/app-store";
import { describeError } from "../../lib/describe-error";
import { t } from "../../i18n/i18n";

export async function toBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function useComposerAttachments() {
  const [attachments, setAttachments] = useState<AttachmentView[]>([]);
  const [adding, setAdding] = useState(0);
  const showToast = useAppStore((s) => s.showToast);

  const addFiles = useCallback(
    async (files: File[]) => {
      setAdding((n) => n + files.length);
      for (const file of files) {
        try {
          const added = await api().request("attachments:add", { name: file.name || t("attachment.pastedFile"), dataBase64: await toBase64(file) });
          setAttachments((list) => (list.some((a) => a.id === added.id) ? list : [...list, added]));
          emitAppEvent("attachment-added", { id: added.id, name: added.name, kind: added.kind });
        } catch (error) {
          const message = describeError(error); // the service's refusal names the file and what to do
          showToast("error", message);
          emitAppEvent("attachment-refused", { name: file.name, message });
        } finally {
          setAdding((n) => n - 1);
        }
      }
    },
    [showToast],
  );

  const remove = useCallback((id: string) => setAttachments((list) => list.filter((a) => a.id !== id)), []);
  const clear = useCallback(() => setAttachments([]), []);
  return { attachments, adding: adding > 0, addFiles, remove, clear, restore: setAttachments };
}
