/**
 * A bundle file opened and checked by main, before anything is installed: what it is (name,
 * author, version, signature), the tools and prompts it declares, what installing it allows,
 * and its settings. Install sends the settings; Cancel forgets the file.
 */
import type { BundleReview, BundleSettingValue } from "../../../../shared/mcp-bundle-types";
import { useTranslation } from "../../i18n/react";
import { BundleSettingsForm } from "./BundleSettingsForm";

export function BundleReviewPanel({ review, busy, onInstall, onCancel }: { review: BundleReview; busy: boolean; onInstall(values: Record<string, BundleSettingValue>): void; onCancel(): void }) {
  const { t } = useTranslation();
  const facts = [
    t("settings.bundle.by", { author: review.author.name }),
    review.replaces ? t("settings.bundle.replaces", { version: review.replaces.version, server: review.replaces.server }) : null,
    review.signature === "signed" ? t("settings.bundle.signed") : t("settings.bundle.notSigned"),
  ];
  return (
    <section className="bundle-review" aria-label={t("settings.bundle.review", { name: review.displayName })} data-testid="bundle-review">
      <h4 className="bundle-review__title">
        {review.displayName} <span className="bundle-review__version">{review.version}</span>
      </h4>
      <p className="field__note">
        {facts.filter((fact) => fact !== null).join(" · ")}
      </p>
      <p>{review.description}</p>
      <h5>{t("settings.bundle.allows")}</h5>
      <ul className="bundle-review__permissions">
        {review.permissions.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      {review.tools.length > 0 && (
        <>
          <h5>{review.toolsGenerated ? t("settings.bundle.toolsMore") : t("settings.bundle.tools")}</h5>
          <ul className="bundle-review__tools">
            {review.tools.map((tool) => (
              <li key={tool.name}>
                <code>{tool.name}</code> {tool.description}
              </li>
            ))}
          </ul>
        </>
      )}
      {review.prompts.length > 0 && <p className="field__note">{t("settings.bundle.prompts", { list: review.prompts.map((p) => p.name).join(t("settings.bundle.listSeparator")) })}</p>}
      <BundleSettingsForm settings={review.settings} busy={busy} submitLabel={review.replaces ? t("settings.bundle.updateBundle") : t("settings.bundle.installBundle")} onSubmit={onInstall} />
      <button type="button" className="link-button" onClick={onCancel}>
        {t("settings.bundle.cancel")}
      </button>
    </section>
  );
}
