/**
 * Quick entry's files, by paste or drop: each stored at once through the same request as the
 * main window's composer (checked by its bytes and the API's limits), shown as chips, sent
 * with the message.
 */
import { useState } from "react";
import type { AlpineApi } from "../../../shared/ipc-contract";
import type { AttachmentView } from "../../../shared/usage-types";
import { emitAppEvent } from "../app-events";
import { toBase64 } from "../components/attachments/use-composer-attachments";
import { describeError } from "../lib/describe-error";
import { t } from "../i18n/i18n";

export function useQuickAttachments(api: AlpineApi, onError: (message: string) => void) {
  const [attachments, setAttachments] = useState<AttachmentView[]>([]);
  const [adding, setAdding] = useState(0);
  const addFiles = async (files: File[]) => {
    setAdding((n) => n + files.length);
    for (const file of files) {
      try {
        const added = await api.request("attachments:add", { name: file.name || t("quickEntry.pastedFile"), dataBase64: await toBase64(file) });
        setAttachments((list) => (list.some((a) => a.id === added.id) ? list : [...list, added]));
        emitAppEvent("attachment-added", { id: added.id, name: added.name, source: "quick-entry" });
      } catch (error) {
        onError(describeError(error)); // the service's refusal names the file and the limit
      } finally {
        setAdding((n) => n - 1);
      }
    }
  };
  return {
    attachments,
    adding: adding > 0,
    addFiles,
    remove: (id: string) => setAttachments((list) => list.filter((a) => a.id !== id)),
    clear: () => setAttachments([]),
    /** As the send requests take them. */
    sent: () => attachments.map(({ id, name }) => ({ id, name })),
  };
}
