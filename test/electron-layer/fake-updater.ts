/**
 * A stand-in for the `electron-updater` module in tests of the app's entry (main.ts), where
 * the real one would need the Electron binary: its `autoUpdater` answers every check with
 * "no update". The real electron-updater is driven in updates.test.ts.
 */
import { EventEmitter } from "node:events";

class FakeAutoUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  allowDowngrade = true;
  logger: unknown = console;
  checks = 0;
  installs = 0;
  async checkForUpdates() {
    this.checks++;
    this.emit("checking-for-update");
    this.emit("update-not-available", { version: "9.9.9" });
    return { updateInfo: { version: "9.9.9" }, downloadPromise: null };
  }
  quitAndInstall(): void {
    this.installs++;
  }
}

export const autoUpdater = new FakeAutoUpdater();
export default { autoUpdater };
