/**
 * Export and import: export the open conversation (its shown branch or whole tree) or
 * every conversation, as Markdown or Alpine JSON; import Alpine JSON or a ChatGPT or
 * Claude.ai export with a progress bar and a summary. The sections are in transfer/.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "../i18n/react";
import { useAppStore } from "../store/app-store";
import { DialogHead } from "./DialogHead";
import { ExportSection } from "./transfer/ExportSection";
import { ImportSection } from "./transfer/ImportSection";

export function TransferDialog() {
  const setOpen = useAppStore((s) => s.setTransferOpen);
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="dialog dialog--transfer"
      aria-labelledby="transfer-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="dialog__body">
        <DialogHead id="transfer-title" title={t("transfer.title")} closeLabel={t("transfer.close")} onClose={close} />
        <ExportSection />
        <ImportSection />
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={close}>
            {t("transfer.closeButton")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
