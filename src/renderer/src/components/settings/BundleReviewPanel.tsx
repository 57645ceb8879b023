/**
 * A bundle file opened and checked by main, before anything is installed: what it is (name,
 * author, version, signature), the tools and prompts it declares, what installing it allows,
 * and its settings. Install sends the settings; Cancel forgets the file.
 */
import type { BundleReview, BundleSettingValue } from "../../../../shared/mcp-bundle-types";
import { BundleSettingsForm } from "./BundleSettingsForm";

export function BundleReviewPanel({ review, busy, onInstall, onCancel }: { review: BundleReview; busy: boolean; onInstall(values: Record<string, BundleSettingValue>): void; onCancel(): void }) {
  return (
    <section className="bundle-review" aria-label={`MCP Bundle ${review.displayName}`} data-testid="bundle-review">
      <h4 className="bundle-review__title">
        {review.displayName} <span className="bundle-review__version">{review.version}</span>
      </h4>
      <p className="field__note">
        by {review.author.name}
        {review.replaces ? ` · replaces version ${review.replaces.version} of "${review.replaces.server}" (its settings are kept)` : ""} ·{" "}
        {review.signature === "signed" ? "signed (the signature is not checked by Alpine)" : "not signed"}
      </p>
      <p>{review.description}</p>
      <h5>What installing it allows</h5>
      <ul className="bundle-review__permissions">
        {review.permissions.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      {review.tools.length > 0 && (
        <>
          <h5>Tools{review.toolsGenerated ? " (it may offer more)" : ""}</h5>
          <ul className="bundle-review__tools">
            {review.tools.map((t) => (
              <li key={t.name}>
                <code>{t.name}</code> {t.description}
              </li>
            ))}
          </ul>
        </>
      )}
      {review.prompts.length > 0 && <p className="field__note">Prompts: {review.prompts.map((p) => p.name).join(", ")}</p>}
      <BundleSettingsForm settings={review.settings} busy={busy} submitLabel={review.replaces ? "Update bundle" : "Install bundle"} onSubmit={onInstall} />
      <button type="button" className="link-button" onClick={onCancel}>
        Cancel
      </button>
    </section>
  );
}
