/** How far the import has read its file, and how many conversations it has brought in. */
import type { ImportProgress } from "../../../../shared/ipc-contract";
import { useTranslation } from "../../i18n/react";

export function ImportProgressBar({ progress, busy }: { progress: ImportProgress | null; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const percent = progress && progress.totalBytes > 0 ? Math.min(100, Math.round((progress.bytesRead / progress.totalBytes) * 100)) : 0;
  return (
    <div className="import-progress">
      <div
        className="import-progress__bar"
        role="progressbar"
        aria-label={t("transfer.import.progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-busy={busy}
      >
        <div className="import-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="import-progress__text">
        {t("transfer.import.progressText", {
          percent: new Intl.NumberFormat(i18n.language, { style: "percent" }).format(percent / 100),
          imported: progress?.imported ?? 0,
          skipped: progress?.skipped ?? 0,
        })}
      </span>
    </div>
  );
}
