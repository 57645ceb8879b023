/**
 * The app's entry: one instance at a time; when Electron is ready, the service on the
 * user-data folder, the window served from app://, IPC, and the shutdown wiring.
 */
import path from "node:path";
import { app, BrowserWindow, dialog } from "electron";
import { AlpineService } from "../service/alpine-service";
import { contentSecurityPolicy } from "../service/content-security-policy";
import { createRequestHandlers } from "../service/request-handlers";
import { APP_URL, registerAppScheme, serveRenderer } from "./app-protocol";
import { appWindowSender, forwardEvents, registerIpcHandlers } from "./ipc";
import { Lifecycle, wireLifecycle } from "./lifecycle";
import { SafeStorageSecretKeeper, withEnvironmentFallback } from "./secrets";
import { createMainWindow } from "./window";

const API_KEY_FILE = "api-key.bin";

registerAppScheme();
// A data folder of its own for a test or a second profile; Chromium's own data goes there too.
if (process.env.ALPINE_USER_DATA) app.setPath("userData", process.env.ALPINE_USER_DATA);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  app.on("second-instance", () => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.whenReady().then(start).catch(fail);

  async function start(): Promise<void> {
    const dataFolder = app.getPath("userData");
    const secrets = await SafeStorageSecretKeeper.open(path.join(dataFolder, API_KEY_FILE));
    const service = new AlpineService({
      dataFolder,
      secrets: withEnvironmentFallback(secrets),
      appVersion: app.getVersion(),
      // Set by `npm start`: the SQLite module built for Electron, kept apart from the Node build the tests use.
      sqliteBinding: process.env.ALPINE_SQLITE_BINDING || undefined,
      chooseFolder: async () => {
        const options = { title: "Choose the folder Alpine may read", properties: ["openDirectory" as const] };
        const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
    });

    const lifecycle = new Lifecycle();
    lifecycle.onWillShutdown({ name: "service", join: () => service.shutdown() });
    lifecycle.onWillShutdown({ name: "secrets", join: () => secrets.flush() });
    wireLifecycle(app, lifecycle);

    const outFolder = path.join(import.meta.dirname, "..");
    serveRenderer(path.join(outFolder, "renderer"), contentSecurityPolicy(), service.attachments);
    registerIpcHandlers(createRequestHandlers(service), appWindowSender(() => window));
    forwardEvents(service.events, () => window);
    window = createMainWindow({ preload: path.join(outFolder, "preload", "index.cjs"), url: APP_URL });
  }

  function fail(error: unknown): void {
    // E.g. a database from a newer Alpine or one that cannot be read: say so, touch nothing.
    dialog.showErrorBox("Alpine cannot start", error instanceof Error ? error.message : String(error));
    app.exit(1);
  }
}
