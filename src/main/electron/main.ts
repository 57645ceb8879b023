/**
 * The app's entry: one instance at a time; when Electron is ready, the service on the
 * user-data folder, the window served from app://, IPC, and the shutdown wiring.
 */
import path from "node:path";
import { app, BrowserWindow, dialog } from "electron";
import { AlpineService } from "../service/alpine-service";
import { contentSecurityPolicy } from "../service/content-security-policy";
import { createRequestHandlers } from "../service/request-handlers";
import { DEFAULT_LAUNCH_LIST, FIRST_SCREEN_TAIL_ENTRIES } from "../../shared/page-sizes";
import { installApplicationMenu } from "./app-menu";
import { APP_ORIGIN, APP_URL, registerAppScheme, serveRenderer } from "./app-protocol";
import { appWindowSender, forwardEvents, registerIpcHandlers } from "./ipc";
import { Lifecycle, wireLifecycle } from "./lifecycle";
import { sqliteBindingFor } from "./sqlite-binding";
import { SafeStorageSecretKeeper, withEnvironmentFallback } from "./secrets";
import { loadSystemUpdater, wireUpdates } from "./updates";
import { exportFileChooser, importFileChooser } from "./transfer-dialogs";
import { createMainWindow } from "./window";

const API_KEY_FILE = "api-key.bin";
/** MCP servers' env values and headers, encrypted like the API key. */
const MCP_SECRETS_FILE = "mcp-secrets.bin";
/** The PostgreSQL server's password (Settings → Storage), encrypted like the API key. */
const STORAGE_SECRETS_FILE = "storage-password.bin";
const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

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
    const mcpSecrets = await SafeStorageSecretKeeper.open(path.join(dataFolder, MCP_SECRETS_FILE));
    const storageSecrets = await SafeStorageSecretKeeper.open(path.join(dataFolder, STORAGE_SECRETS_FILE));
    const service = new AlpineService({
      dataFolder,
      secrets: withEnvironmentFallback(secrets),
      mcpSecrets,
      storageSecrets,
      appVersion: app.getVersion(),
      sqliteBinding: sqliteBindingFor(app.isPackaged),
      chooseFolder: async () => {
        const options = { title: "Choose the folder Alpine may read", properties: ["openDirectory" as const] };
        const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
      chooseExportFile: exportFileChooser(() => window),
      chooseImportFile: importFileChooser(() => window),
    });

    const lifecycle = new Lifecycle();
    lifecycle.onWillShutdown({ name: "service", join: () => service.shutdown() });
    lifecycle.onWillShutdown({ name: "secrets", join: () => Promise.all([secrets.flush(), mcpSecrets.flush(), storageSecrets.flush()]).then(() => undefined) });
    wireLifecycle(app, lifecycle);

    const outFolder = path.join(import.meta.dirname, "..");
    serveRenderer(path.join(outFolder, "renderer"), contentSecurityPolicy([], APP_ORIGIN), service.attachments);
    registerIpcHandlers(createRequestHandlers(service), appWindowSender(() => window));
    forwardEvents(service.events, () => window);
    const checkForUpdates = () => {
      service.events.emit({ type: "show_updates" });
      void service.updates.check();
    };
    installApplicationMenu({ appName: app.getName(), platform: process.platform, isPackaged: app.isPackaged, onCheckForUpdates: checkForUpdates });
    window = createMainWindow({ preload: path.join(outFolder, "preload", "index.cjs"), url: APP_URL, devTools: !app.isPackaged });
    // While the window loads its scripts, the first screen's reads are warmed for its first request.
    void service.prepareFirstScreen(DEFAULT_LAUNCH_LIST, FIRST_SCREEN_TAIL_ENTRIES);
    // Running from source, updates say they are off (the service's "unsupported").
    if (app.isPackaged) await startUpdates(service, lifecycle);
  }

  /** The updater on the service's updates, installing through the same shutdown as quit; a first check at launch. */
  async function startUpdates(service: AlpineService, lifecycle: Lifecycle): Promise<void> {
    try {
      const updater = await loadSystemUpdater();
      wireUpdates({ updater, updates: service.updates, shutdown: () => lifecycle.shutdownOnce("update"), quit: () => app.exit(0) });
      void service.updates.check();
      // An app left open for days still hears of updates.
      const daily = setInterval(() => void service.updates.check(), UPDATE_CHECK_INTERVAL_MS);
      daily.unref();
      lifecycle.onWillShutdown({ name: "update checks", join: () => clearInterval(daily) });
    } catch (error) {
      console.error(`Updates are off: the updater could not start (${(error as Error).message}).`);
    }
  }

  function fail(error: unknown): void {
    // E.g. a database from a newer Alpine or one that cannot be read: say so, touch nothing.
    dialog.showErrorBox("Alpine cannot start", error instanceof Error ? error.message : String(error));
    app.exit(1);
  }
}
