/**
 * Updates in Settings: the status, "Check for updates", the background download's progress,
 * and "Restart and install", which asks first when conversations are running (they are
 * stopped and saved before Alpine restarts). Below, the database's backup copies and their size.
 */
import { useEffect, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";
import { formatBytes, updateStatusText } from "../../lib/update-status-text";

export function UpdatesSection() {
  const { status, backups, error, load, check, install } = useAppStore(
    useShallow((s) => ({
      status: s.updateStatus,
      backups: s.backups,
      error: s.updatesError,
      load: s.loadUpdates,
      check: s.checkForUpdates,
      install: s.installUpdate,
    })),
  );
  const { t, i18n } = useTranslation();
  const [running, setRunning] = useState<string[] | null>(null);
  useEffect(() => void load(), [load]);

  const restart = async (stopRuns: boolean) => {
    const answer = await install(stopRuns);
    setRunning(answer && !answer.installing ? answer.running : null);
  };
  const phase = status?.phase;
  const busy = phase === "checking" || phase === "available" || phase === "downloading" || phase === "installing";

  return (
    <section className="field" aria-labelledby="settings-updates" data-testid="updates" data-phase={phase ?? "loading"}>
      <h3 id="settings-updates" className="field__label">
        {t("settings.updates.title")}
      </h3>
      {status && (
        <p className={`field__note ${phase === "error" ? "field__note--warn" : ""}`} role="status">
          {updateStatusText(status, i18n)}
        </p>
      )}
      {phase === "downloading" && <progress className="update-progress" max={100} value={status?.progress?.percent ?? 0} aria-label={t("settings.updates.downloadProgress")} />}
      {running && running.length > 0 ? (
        <div className="field__stack" role="alert">
          <p className="field__note field__note--warn">
            {t("settings.updates.running", { count: running.length })}
          </p>
          <div className="field__row">
            <button type="button" className="button button--primary" onClick={() => void restart(true)}>
              {t("settings.updates.stopSaveInstall")}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setRunning(null)}>
              {t("settings.updates.notNow")}
            </button>
          </div>
        </div>
      ) : (
        <div className="field__row">
          <button type="button" className="button button--secondary" onClick={() => void check()} disabled={!status || phase === "unsupported" || busy}>
            {t("settings.updates.check")}
          </button>
          {phase === "downloaded" && (
            <button type="button" className="button button--primary" onClick={() => void restart(false)}>
              {t("settings.updates.restartInstall")}
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {backups && (
        <p className="field__note" data-testid="backups">
          {backups.backups.length === 0
            ? t("settings.updates.noBackups")
            : t("settings.updates.backups", {
                count: backups.keep,
                size: formatBytes(backups.totalBytes, i18n),
                list: backups.backups.map((b) => t("settings.updates.backup", { name: b.name, size: formatBytes(b.bytes, i18n) })).join(t("settings.updates.listSeparator")),
              })}
        </p>
      )}
    </section>
  );
}
