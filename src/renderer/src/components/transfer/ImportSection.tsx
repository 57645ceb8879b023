/**
 * Import a file: type its path or choose it (a file dialog in the app), then a progress
 * bar while it goes and a summary when it ends.
 */
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";
import { ImportProgressBar } from "./ImportProgressBar";
import { ImportSummary } from "./ImportSummary";

export function ImportSection() {
  const { busy, progress, report, error, importConversations } = useAppStore(
    useShallow((s) => ({ busy: s.importBusy, progress: s.importProgress, report: s.importReport, error: s.importError, importConversations: s.importConversations })),
  );
  const { t } = useTranslation();
  const [path, setPath] = useState("");

  return (
    <section className="transfer-section" aria-labelledby="import-title">
      <h3 id="import-title" className="transfer-section__title">
        {t("transfer.import.title")}
      </h3>
      <p className="transfer-section__hint">{t("transfer.import.hint")}</p>
      <form
        className="transfer-section__row"
        onSubmit={(event) => {
          event.preventDefault();
          if (path.trim()) void importConversations(path.trim());
        }}
      >
        <label className="visually-hidden" htmlFor="import-path">
          {t("transfer.import.file")}
        </label>
        <input id="import-path" className="input" placeholder={t("transfer.import.placeholder")} value={path} onChange={(e) => setPath(e.target.value)} disabled={busy} />
        <button type="submit" className="button button--primary" disabled={busy || !path.trim()}>
          {t("transfer.import.import")}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void importConversations()}>
          {t("transfer.import.choose")}
        </button>
      </form>
      {(busy || progress) && <ImportProgressBar progress={progress} busy={busy} />}
      {report && <ImportSummary report={report} />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
