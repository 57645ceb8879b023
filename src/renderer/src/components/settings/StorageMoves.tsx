/**
 * Moving conversations between this computer and the server, both ways, with progress and
 * what was verified; then, as a separate step the person confirms, removing the copies
 * left at the source (only those the other side holds the same copy of).
 */
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import type { MoveDirection } from "../../../../shared/storage-types";
import { useAppStore } from "../../store/app-store";

const SOURCE: Record<MoveDirection, string> = { "to-server": "this computer", "to-computer": "the server" };

export function StorageMoves() {
  const { busy, progress, report, removed, move, remove } = useAppStore(
    useShallow((s) => ({
      busy: s.storageBusy,
      progress: s.moveProgress,
      report: s.moveReport,
      removed: s.removeReport,
      move: s.moveConversations,
      remove: s.removeSource,
    })),
  );
  const [confirming, setConfirming] = useState<MoveDirection | null>(null);

  return (
    <div className="field__stack" data-testid="storage-moves">
      <div className="field__row">
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void move("to-server")} data-testid="storage-move-to-server">
          Move conversations from this computer to the server
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void move("to-computer")} data-testid="storage-move-to-computer">
          Move conversations from the server to this computer
        </button>
      </div>
      {progress && !progress.finished && (
        <progress max={Math.max(1, progress.total)} value={progress.done} aria-label="Moving conversations" data-testid="storage-move-progress" />
      )}
      {report && (
        <div className="field__stack" role="status" data-testid="storage-move-report">
          <p className="field__note">
            {report.moved} copied and verified, {report.skipped} already there and verified
            {report.failed.length > 0 ? `, ${report.failed.length} not moved` : ""}, of {report.total}. Nothing was removed from {SOURCE[report.direction]}.
          </p>
          {report.failed.map((f) => (
            <p key={f.id} className="field__note field__note--warn">
              “{f.title}”: {f.reason}
            </p>
          ))}
          {confirming === report.direction ? (
            <div className="field__row" role="alert">
              <span className="field__note field__note--warn">Remove from {SOURCE[report.direction]} every conversation the other side holds the same copy of?</span>
              <button
                type="button"
                className="button button--danger"
                disabled={busy}
                onClick={() => void remove(report.direction).then(() => setConfirming(null))}
                data-testid="storage-remove-confirm"
              >
                Remove
              </button>
              <button type="button" className="button button--ghost" onClick={() => setConfirming(null)}>
                Keep them
              </button>
            </div>
          ) : (
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => setConfirming(report.direction)} data-testid="storage-remove-source">
              Remove the moved conversations from {SOURCE[report.direction]}…
            </button>
          )}
        </div>
      )}
      {removed && (
        <p className="field__note field__note--ok" role="status" data-testid="storage-remove-report">
          {removed.removed} removed{removed.kept > 0 ? `, ${removed.kept} kept (the other side has no same copy)` : ""}.
        </p>
      )}
    </div>
  );
}
