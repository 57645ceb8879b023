/** What to export (the open conversation's shown branch or whole tree, or everything) and as what. */
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import type { ExportFormat, ExportScope } from "../../../../shared/transfer-types";
import { useAppStore } from "../../store/app-store";
import { ChoiceGroup } from "./ChoiceGroup";

const SCOPES: { value: ExportScope; label: string }[] = [
  { value: "shown", label: "This conversation, the branch shown" },
  { value: "tree", label: "This conversation, every branch" },
  { value: "all", label: "Every conversation" },
];

const FORMATS: { value: ExportFormat; label: string }[] = [
  { value: "markdown", label: "Markdown (to read)" },
  { value: "json", label: "Alpine JSON (to import again)" },
];

export function ExportSection() {
  const { openId, busy, result, error, exportConversations } = useAppStore(
    useShallow((s) => ({ openId: s.openId, busy: s.exportBusy, result: s.exportResult, error: s.exportError, exportConversations: s.exportConversations })),
  );
  const [scope, setScope] = useState<ExportScope>(openId ? "shown" : "all");
  const [format, setFormat] = useState<ExportFormat>("markdown");
  const chosenScope = openId ? scope : "all";

  return (
    <section className="transfer-section" aria-labelledby="export-title">
      <h3 id="export-title" className="transfer-section__title">
        Export
      </h3>
      <ChoiceGroup<ExportScope> name="export-scope" legend="What" options={SCOPES} value={chosenScope} onChange={setScope} disabled={(v) => v !== "all" && !openId} />
      <ChoiceGroup<ExportFormat> name="export-format" legend="As" options={FORMATS} value={format} onChange={setFormat} />
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void exportConversations(chosenScope, format)}>
        {busy ? "Exporting…" : "Export"}
      </button>
      {result && (
        <p className="transfer-section__result" role="status" data-testid="export-result">
          Exported {result.conversations} conversation{result.conversations === 1 ? "" : "s"} to <code>{result.path}</code>
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
