/**
 * Paste or open a Claude Desktop configuration; "Review servers" shows what it would run
 * (McpConfigReviewPanel), and only "Add these servers" there adds them, for exactly the text
 * that was reviewed. Editing the text drops the review.
 */
import { useState } from "react";
import type { McpConfigReview } from "../../../../shared/mcp-types";
import { useTranslation } from "../../i18n/react";
import { McpConfigReviewPanel } from "./McpConfigReviewPanel";

interface McpConfigImportProps {
  busy: boolean;
  review(text: string): Promise<McpConfigReview | null>;
  confirm(text: string, confirmation: string): Promise<boolean>;
}

export function McpConfigImport({ busy, review, confirm }: McpConfigImportProps) {
  const { t } = useTranslation();
  const [pasted, setPasted] = useState("");
  const [reviewed, setReviewed] = useState<{ text: string; review: McpConfigReview } | null>(null);
  const edit = (text: string) => {
    setPasted(text);
    setReviewed(null);
  };
  return (
    <div className="field">
      <label htmlFor="mcp-import" className="field__label">
        {t("settings.mcpImport.label")}
      </label>
      <textarea id="mcp-import" className="input tools-settings__paste" rows={4} value={pasted} spellCheck={false} onChange={(e) => edit(e.target.value)} placeholder={t("settings.mcpImport.placeholder")} />
      <div className="field__row">
        <input type="file" accept=".json,application/json" aria-label={t("settings.mcpImport.file")} onChange={async (e) => e.target.files?.[0] && edit(await e.target.files[0].text())} />
        <button
          type="button"
          className="button button--primary"
          disabled={busy || pasted.trim() === ""}
          onClick={async () => {
            const found = await review(pasted);
            setReviewed(found ? { text: pasted, review: found } : null);
          }}
        >
          {t("settings.mcpImport.review")}
        </button>
      </div>
      {reviewed && (
        <McpConfigReviewPanel
          review={reviewed.review}
          busy={busy}
          onCancel={() => setReviewed(null)}
          onConfirm={async () => {
            if (await confirm(reviewed.text, reviewed.review.confirmation)) edit("");
          }}
        />
      )}
    </div>
  );
}
