/** The dialog's foot: which Alpine and where its data is, Cancel and Save. */
import type { AppInfo } from "../../../../shared/view-types";
import { Trans, useTranslation } from "../../i18n/react";

export function DialogActions({ info, busy, onCancel }: { info: AppInfo | null; busy: boolean; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div className="dialog__actions">
      {info && (
        <p className="dialog__info">
          <Trans i18nKey="settings.actions.info" values={{ version: info.version, folder: info.dataFolder }} components={{ path: <span className="dialog__path" /> }} />
        </p>
      )}
      <button type="button" className="button button--ghost" onClick={onCancel}>
        {t("settings.actions.cancel")}
      </button>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t("settings.actions.saving") : t("settings.actions.save")}
      </button>
    </div>
  );
}
