/** A modal question with a safe default: Cancel has the focus, Escape cancels. */
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "../i18n/react";

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ title, children, confirmLabel, danger, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation();

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    cancel.current?.focus();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="dialog dialog--confirm"
      aria-labelledby="confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) cancels.
        if (event.target === dialog.current) onCancel();
      }}
    >
      <div className="dialog__body">
        <h2 id="confirm-title" className="dialog__title">
          {title}
        </h2>
        <div className="dialog__text">{children}</div>
        <div className="dialog__actions">
          <button ref={cancel} type="button" className="button button--ghost" onClick={onCancel}>
            {t("dialog.cancel")}
          </button>
          <button type="button" className={`button ${danger ? "button--danger" : "button--primary"}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
