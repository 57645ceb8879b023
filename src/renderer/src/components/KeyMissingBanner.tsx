/** Without an API key the app still opens; this says what to do. */
import { AlertIcon } from "./icons";
import { useTranslation } from "../i18n/react";

export function KeyMissingBanner({ onOpenSettings }: { onOpenSettings(): void }) {
  const { t } = useTranslation();
  return (
    <section className="banner banner--key" role="status" data-banner="missing-key">
      <AlertIcon />
      <div className="banner__text">
        <p className="banner__title">{t("banner.keyMissing.title")}</p>
        <p className="banner__detail">{t("banner.keyMissing.detail")}</p>
      </div>
      <div className="banner__actions">
        <button type="button" className="button button--primary" onClick={onOpenSettings}>
          {t("app.openSettings")}
        </button>
      </div>
    </section>
  );
}
