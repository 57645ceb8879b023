/**
 * Settings → Desktop: notifications, the badge, the tray and "Keep running in the tray", the
 * quick-entry shortcut (with what went wrong registering it), open at login. Each change is
 * applied at once.
 */
import { useEffect, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { trayShown, type DesktopSettings } from "../../../../shared/desktop-types";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";

export function DesktopSection() {
  const { settings, platform, status, error, change, loadStatus } = useAppStore(
    useShallow((s) => ({
      settings: s.settings?.desktop ?? null,
      platform: s.info?.platform ?? "",
      status: s.desktopStatus,
      error: s.desktopError,
      change: s.changeDesktop,
      loadStatus: s.loadDesktopStatus,
    })),
  );
  const { t } = useTranslation();
  const [shortcut, setShortcut] = useState(settings?.quickEntryShortcut ?? "");
  useEffect(() => void loadStatus(), [loadStatus]);
  if (!settings) return null;
  const mac = platform === "darwin";
  const tray = trayShown(settings, platform);
  const toggle = (key: keyof DesktopSettings, label: string, checked: boolean, disabled = false, value?: (checked: boolean) => Partial<DesktopSettings>) => (
    <label className="field__check">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => void change(value ? value(event.target.checked) : { [key]: event.target.checked })} /> {label}
    </label>
  );

  return (
    <section className="field" aria-labelledby="settings-desktop" data-testid="desktop-settings">
      <h3 id="settings-desktop" className="field__label">
        {t("settings.desktop.title")}
      </h3>
      {toggle("notifyRunEnded", t("settings.desktop.notifyRunEnded"), settings.notifyRunEnded)}
      {toggle("notifyWaiting", t("settings.desktop.notifyWaiting"), settings.notifyWaiting)}
      {toggle("badgeCount", mac ? t("settings.desktop.badgeCountMac") : t("settings.desktop.badgeCount"), settings.badgeCount)}
      {toggle("tray", mac ? t("settings.desktop.trayMac") : t("settings.desktop.tray"), tray, false, (checked) => ({ tray: checked }))}
      {toggle("keepRunningInTray", t("settings.desktop.keepRunningInTray"), settings.keepRunningInTray, !tray)}
      <form
        className="field__row"
        onSubmit={(event) => {
          event.preventDefault();
          void change({ quickEntryShortcut: shortcut });
        }}
      >
        <label htmlFor="quick-entry-shortcut">{t("settings.desktop.shortcut")}</label>
        <input id="quick-entry-shortcut" className="input" value={shortcut} placeholder={t("settings.desktop.shortcutOff")} onChange={(event) => setShortcut(event.target.value)} />
        <button type="submit" className="button button--secondary">
          {t("settings.desktop.useShortcut")}
        </button>
      </form>
      <p className="field__note">
        {t("settings.desktop.shortcutNote", { shortcut: mac ? "Option+Space" : "Alt+Space" })}
      </p>
      {status?.shortcutProblem && (
        <p className="field__note field__note--warn" role="alert">
          {status.shortcutProblem}
        </p>
      )}
      {toggle("quickEntryContinues", t("settings.desktop.quickEntryContinues"), settings.quickEntryContinues)}
      {toggle("openAtLogin", t("settings.desktop.openAtLogin"), settings.openAtLogin, platform !== "darwin" && platform !== "win32")}
      {error && (
        <p className="field__note field__note--warn" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
