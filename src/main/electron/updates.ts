/**
 * electron-updater wired to the service's updates (src/main/service/updates): the GitHub
 * Releases feed set in electron-builder.yml (`publish`, written into app-update.yml at
 * packaging), a found update downloaded in the background with its progress, its sha512
 * checked by electron-updater against the feed's latest*.yml (a mismatch is an error the
 * service words as "refused"). The updater never installs by itself (`autoInstallOnAppQuit`
 * off): the service installs through the app's clean shutdown, and only then calls
 * `quitAndInstall`.
 */
import type { AppUpdater, ProgressInfo, UpdateInfo } from "electron-updater";
import type { UpdateService } from "../service/updates/update-service";

export interface UpdateWiring {
  updater: AppUpdater;
  updates: UpdateService;
  /** The app's clean shutdown, the same as quit's. */
  shutdown(): Promise<void>;
  /** End the app without installing. */
  quit(): void;
}

/** The updater's own log, without its info chatter. */
const quietLogger = {
  info: () => {},
  warn: (message: unknown) => console.warn(`Updater: ${String(message)}`),
  error: (message: unknown) => console.error(`Updater: ${String(message)}`),
  debug: () => {},
};

export function wireUpdates({ updater, updates, shutdown, quit }: UpdateWiring): void {
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.logger = quietLogger;

  updater.on("checking-for-update", () => updates.report({ kind: "checking" }));
  updater.on("update-available", (info: UpdateInfo) => updates.report({ kind: "available", version: info.version }));
  updater.on("update-not-available", () => updates.report({ kind: "not-available" }));
  updater.on("download-progress", (progress: ProgressInfo) =>
    updates.report({
      kind: "progress",
      progress: { percent: progress.percent, transferred: progress.transferred, total: progress.total, bytesPerSecond: progress.bytesPerSecond },
    }),
  );
  updater.on("update-downloaded", (info: UpdateInfo) => updates.report({ kind: "downloaded", version: info.version }));
  updater.on("error", (error: Error) => updates.report({ kind: "error", error }));

  updates.attach({
    port: {
      async check() {
        const result = await updater.checkForUpdates();
        if (!result) throw new Error("The updater is not active in this copy of Alpine.");
        // The background download reports through the events above; its rejection is one of them.
        result.downloadPromise?.catch(() => {});
      },
      // Not silent: the installer may show its progress; Alpine starts again afterwards.
      install: () => updater.quitAndInstall(false, true),
    },
    shutdown,
    quit,
  });
}

/**
 * electron-updater's updater for this system (loaded only in a packaged app: it needs Electron).
 * The package is CommonJS and its `autoUpdater` is a getter Node's ESM loader does not list as a
 * named export (the bundled main process imports it as an external ES module): Node gives a
 * CommonJS module's `module.exports` as the default export, and the getter is read on it.
 * https://nodejs.org/api/esm.html#commonjs-namespaces
 */
export async function loadSystemUpdater(): Promise<AppUpdater> {
  const { default: electronUpdater } = (await import("electron-updater")) as unknown as { default: { autoUpdater: AppUpdater } };
  return electronUpdater.autoUpdater;
}
