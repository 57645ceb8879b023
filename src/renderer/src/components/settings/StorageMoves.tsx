/**
 * Moving conversations between this computer and the server, both ways, with progress and
 * what was verified; then, as a separate step the person confirms, removing the copies
 * left at the source (only those the other side holds the same copy of).
 */
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import type { MoveDirection } from "../../../../shared/storage-types";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";

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
  const { t } = useTranslation();
  const fromComputer = (direction: MoveDirection) => direction === "to-server";
  const [confirming, setConfirming] = useState<MoveDirection | null>(null);

  return (
    <div className="field__stack" data-testid="storage-moves">
      <div className="field__row">
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void move("to-server")} data-testid="storage-move-to-server">
          {t("settings.moves.toServer")}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void move("to-computer")} data-testid="storage-move-to-computer">
          {t("settings.moves.toComputer")}
        </button>
      </div>
      {progress && !progress.finished && (
        <progress max={Math.max(1, progress.total)} value={progress.done} aria-label={t("settings.moves.moving")} data-testid="storage-move-progress" />
      )}
      {report && (
        <div className="field__stack" role="status" data-testid="storage-move-report">
          <p className="field__note">
            {t(report.failed.length > 0 ? "settings.moves.reportFailed" : "settings.moves.report", {
              moved: report.moved,
              skipped: report.skipped,
              failed: report.failed.length,
              total: report.total,
            })}{" "}
            {fromComputer(report.direction) ? t("settings.moves.keptOnComputer") : t("settings.moves.keptOnServer")}
          </p>
          {report.failed.map((f) => (
            <p key={f.id} className="field__note field__note--warn">
              {t("settings.moves.failed", { title: f.title, reason: f.reason })}
            </p>
          ))}
          {confirming === report.direction ? (
            <div className="field__row" role="alert">
              <span className="field__note field__note--warn">{fromComputer(report.direction) ? t("settings.moves.confirmComputer") : t("settings.moves.confirmServer")}</span>
              <button
                type="button"
                className="button button--danger"
                disabled={busy}
                onClick={() => void remove(report.direction).then(() => setConfirming(null))}
                data-testid="storage-remove-confirm"
              >
                {t("settings.moves.remove")}
              </button>
              <button type="button" className="button button--ghost" onClick={() => setConfirming(null)}>
                {t("settings.moves.keep")}
              </button>
            </div>
          ) : (
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => setConfirming(report.direction)} data-testid="storage-remove-source">
              {fromComputer(report.direction) ? t("settings.moves.removeFromComputer") : t("settings.moves.removeFromServer")}
            </button>
          )}
        </div>
      )}
      {removed && (
        <p className="field__note field__note--ok" role="status" data-testid="storage-remove-report">
          {removed.kept > 0 ? t("settings.moves.removedKept", { removed: removed.removed, kept: removed.kept }) : t("settings.moves.removed", { removed: removed.removed })}
        </p>
      )}
    </div>
  );
}
