/** What to export (the open conversation's shown branch or whole tree, or everything) and as what. */
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import type { ExportFormat, ExportScope } from "../../../../shared/transfer-types";
import { Trans, useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";
import { ChoiceGroup } from "./ChoiceGroup";

const SCOPES: ExportScope[] = ["shown", "tree", "all"];
const FORMATS: ExportFormat[] = ["markdown", "json"];

export function ExportSection() {
  const { openId, busy, result, error, exportConversations } = useAppStore(
    useShallow((s) => ({ openId: s.openId, busy: s.exportBusy, result: s.exportResult, error: s.exportError, exportConversations: s.exportConversations })),
  );
  const { t } = useTranslation();
  const [scope, setScope] = useState<ExportScope>(openId ? "shown" : "all");
  const [format, setFormat] = useState<ExportFormat>("markdown");
  const chosenScope = openId ? scope : "all";

  return (
    <section className="transfer-section" aria-labelledby="export-title">
      <h3 id="export-title" className="transfer-section__title">
        {t("transfer.export.title")}
      </h3>
      <ChoiceGroup<ExportScope>
        name="export-scope"
        legend={t("transfer.export.what")}
        options={SCOPES.map((value) => ({ value, label: t(`transfer.export.${value}`) }))} value={chosenScope} onChange={setScope}
        disabled={(v) => v !== "all" && !openId}
      />
      <ChoiceGroup<ExportFormat>
        name="export-format"
        legend={t("transfer.export.as")}
        options={FORMATS.map((value) => ({ value, label: t(`transfer.export.${value}`) }))}
        value={format}
        onChange={setFormat}
      />
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void exportConversations(chosenScope, format)}>
        {busy ? t("transfer.export.exporting") : t("transfer.export.export")}
      </button>
      {result && (
        <p className="transfer-section__result" role="status" data-testid="export-result">
          <Trans i18nKey="transfer.export.result" count={result.conversations} values={{ path: result.path }} components={{ code: <code /> }} />
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
