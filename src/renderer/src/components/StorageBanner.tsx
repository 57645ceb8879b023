/**
 * Shown while the PostgreSQL server in use cannot be used: why, in words (it cannot be
 * reached, or there is no password for it: then a way to Settings → Storage), and that
 * nothing saved is lost. The driver's own words only under "Details".
 */
import { useEffect } from "react";
import { afterFirstScreen } from "../lib/first-screen";
import { useAppStore } from "../store/app-store";
import { useTranslation } from "../i18n/react";

export function StorageBanner() {
  const status = useAppStore((s) => (s.storage?.kind === "postgres" ? s.storage.status : null));
  const load = useAppStore((s) => s.loadStorage);
  const openSettings = useAppStore((s) => s.setSettingsOpen);
  const { t } = useTranslation();
  useEffect(() => void afterFirstScreen(load), [load]);
  if (!status || status.reachable) return null;
  const password = status.problem === "password";
  // The dialog shows every section: bring Storage into view once it is drawn.
  const toStorage = () => {
    openSettings(true);
    requestAnimationFrame(() => document.getElementById("storage-title")?.scrollIntoView({ block: "start" }));
  };
  return (
    <div className="connection-lost storage-banner" role="alert" data-testid="storage-banner" data-problem={status.problem ?? "unreachable"}>
      <span className="connection-lost__text">
        <strong>{password ? t("banner.storage.password") : t("banner.storage.unreachable")}</strong> {status.message}
        {status.details && (
          <details className="storage-banner__details">
            <summary>{t("banner.storage.details")}</summary>
            {status.details}
          </details>
        )}
      </span>
      {password && (
        <button type="button" className="storage-banner__settings" onClick={toStorage}>
          {t("banner.storage.openStorage")}
        </button>
      )}
    </div>
  );
}
