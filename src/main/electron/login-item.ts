/**
 * "Open at login": Electron's app.setLoginItemSettings
 * (https://www.electronjs.org/docs/latest/api/app#appsetloginitemsettingssettings-macos-windows),
 * macOS and Windows only; Linux has no such API (a desktop file in ~/.config/autostart is the
 * person's own choice there), and an app run from source would register Electron itself, so
 * both leave the system untouched. Only a change is written: off by default, nothing is
 * registered until the person turns it on.
 */

export interface LoginItemApp {
  isPackaged: boolean;
  getLoginItemSettings(): { openAtLogin: boolean };
  setLoginItemSettings(settings: { openAtLogin: boolean }): void;
}

/** Applies the setting; false when this system (or a run from source) cannot. */
export function applyOpenAtLogin(app: LoginItemApp, platform: NodeJS.Platform, openAtLogin: boolean): boolean {
  if ((platform !== "darwin" && platform !== "win32") || !app.isPackaged) return false;
  if (app.getLoginItemSettings().openAtLogin !== openAtLogin) app.setLoginItemSettings({ openAtLogin });
  return true;
}
