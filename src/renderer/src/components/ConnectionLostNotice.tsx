/** Shown when the window can no longer reach Alpine's service (the test host's WebSocket closed). */
import { useAppStore } from "../store/app-store";
import { Trans, useTranslation } from "../i18n/react";

export function ConnectionLostNotice() {
  const lost = useAppStore((s) => s.connectionLost);
  const { t } = useTranslation();
  if (!lost) return null;
  return (
    <div className="connection-lost" role="alert">
      <span className="connection-lost__text">
        <Trans i18nKey="banner.connectionLost.text" components={{ strong: <strong /> }} />
      </span>
      <button type="button" className="button button--secondary button--small" onClick={() => location.reload()}>
        {t("banner.connectionLost.reload")}
      </button>
    </div>
  );
}
