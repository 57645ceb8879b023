/** A dialog's title (the dialog is labelled by its id) and its close button. */
import { CloseIcon } from "./icons";

export function DialogHead({ id, title, closeLabel, onClose }: { id: string; title: string; closeLabel: string; onClose: () => void }) {
  return (
    <div className="dialog__head">
      <h2 id={id} className="dialog__title">
        {title}
      </h2>
      <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}
