/** What an import did: how many conversations came in, which were skipped and why, and the error that stopped it. */
import type { ImportReport } from "../../../../shared/ipc-contract";
import { Trans, useTranslation } from "../../i18n/react";

const SHOWN_SKIPS = 20;

export function ImportSummary({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const count = report.imported.length;
  const skipped = report.skipped.length;
  return (
    <div className="import-summary" role="status" data-testid="import-summary">
      <p>
        <Trans
          i18nKey={skipped > 0 ? "transfer.import.summarySkipped" : "transfer.import.summary"}
          count={count}
          values={{ skipped, file: report.file }}
          components={{ code: <code /> }}
        />
      </p>
      {report.skipped.length > 0 && (
        <ul className="import-summary__skipped">
          {report.skipped.slice(0, SHOWN_SKIPS).map((skip, i) => (
            <li key={`${skip.id ?? "none"}-${i}`}>
              {t("transfer.import.skip", { title: skip.title || skip.id || t("transfer.import.untitled"), reason: skip.reason })}
            </li>
          ))}
          {report.skipped.length > SHOWN_SKIPS && <li>{t("transfer.import.more", { count: report.skipped.length - SHOWN_SKIPS })}</li>}
        </ul>
      )}
      {report.error && (
        <p className="form-error" role="alert" data-testid="import-error">
          {report.error}
        </p>
      )}
    </div>
  );
}
