/** What an import did: how many conversations came in, which were skipped and why, and the error that stopped it. */
import type { ImportReport } from "../../../../shared/ipc-contract";

const SHOWN_SKIPS = 20;

export function ImportSummary({ report }: { report: ImportReport }) {
  const count = report.imported.length;
  return (
    <div className="import-summary" role="status" data-testid="import-summary">
      <p>
        Imported {count} conversation{count === 1 ? "" : "s"}
        {report.skipped.length > 0 && `, skipped ${report.skipped.length}`} from <code>{report.file}</code>.
      </p>
      {report.skipped.length > 0 && (
        <ul className="import-summary__skipped">
          {report.skipped.slice(0, SHOWN_SKIPS).map((skip, i) => (
            <li key={`${skip.id ?? "none"}-${i}`}>
              {skip.title || skip.id || "Untitled"}: {skip.reason}
            </li>
          ))}
          {report.skipped.length > SHOWN_SKIPS && <li>and {report.skipped.length - SHOWN_SKIPS} more</li>}
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
