/** The dialog's foot: which Alpine and where its data is, Cancel and Save. */
import type { AppInfo } from "../../../../shared/view-types";

export function DialogActions({ info, busy, onCancel }: { info: AppInfo | null; busy: boolean; onCancel(): void }) {
  return (
    <div className="dialog__actions">
      {info && (
        <p className="dialog__info">
          Alpine {info.version} · data in <span className="dialog__path">{info.dataFolder}</span>
        </p>
      )}
      <button type="button" className="button button--ghost" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Saving…" : "Save"}
      </button>
    </div>
  );
}
