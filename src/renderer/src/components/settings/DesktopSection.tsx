/**
 * Settings → Desktop: notifications, the badge, the tray and "Keep running in the tray", the
 * quick-entry shortcut (with what went wrong registering it), open at login. Each change is
 * applied at once.
 */
import { useEffect, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { trayShown, type DesktopSettings } from "../../../../shared/desktop-types";
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
        Desktop
      </h3>
      {toggle("notifyRunEnded", "Notify me when a reply is ready (while Alpine is in the background)", settings.notifyRunEnded)}
      {toggle("notifyWaiting", "Notify me when a conversation waits for my approval or answer", settings.notifyWaiting)}
      {toggle("badgeCount", `Count what waits for me on the ${mac ? "Dock" : "taskbar"} icon`, settings.badgeCount)}
      {toggle("tray", mac ? "Show Alpine in the menu bar" : "Show Alpine in the tray", tray, false, (checked) => ({ tray: checked }))}
      {toggle("keepRunningInTray", "Keep running in the tray when the window is closed (runs go on)", settings.keepRunningInTray, !tray)}
      <form
        className="field__row"
        onSubmit={(event) => {
          event.preventDefault();
          void change({ quickEntryShortcut: shortcut });
        }}
      >
        <label htmlFor="quick-entry-shortcut">Quick-entry shortcut</label>
        <input id="quick-entry-shortcut" className="input" value={shortcut} placeholder="Off" onChange={(event) => setShortcut(event.target.value)} />
        <button type="submit" className="button button--secondary">
          Use
        </button>
      </form>
      <p className="field__note">
        {mac ? "Option+Space" : "Alt+Space"} by default; written like Alt+Space or CommandOrControl+Shift+K. Empty turns it off.
      </p>
      {status?.shortcutProblem && (
        <p className="field__note field__note--warn" role="alert">
          {status.shortcutProblem}
        </p>
      )}
      {toggle("quickEntryContinues", "Quick entry continues the last conversation", settings.quickEntryContinues)}
      {toggle("openAtLogin", "Open Alpine when I log in (macOS and Windows)", settings.openAtLogin, platform !== "darwin" && platform !== "win32")}
      {error && (
        <p className="field__note field__note--warn" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
