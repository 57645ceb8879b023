/**
 * The app's entry: one instance at a time; when Electron is ready, the window (served from
 * app://) is created first and loads while the service opens on the user-data folder; IPC
 * and the shutdown wiring. The window's requests wait for the service (none fails or is lost
 * for coming early); a service that cannot start is said in a dialog, and the app exits.
 * The main process speaks the person's language (the setting, else the system's), and a
 * language change makes the application menu again at once.
 */
import path from "node:path";
import { app, BrowserWindow, dialog } from "electron";
import type { AlpineService } from "../service/alpine-service";
import { contentSecurityPolicy } from "../service/content-security-policy";
import { ServiceStart } from "../service/service-start";
import { StartGate } from "../service/start-gate";
import { DEFAULT_LAUNCH_LIST, FIRST_SCREEN_TAIL_ENTRIES } from "../../shared/page-sizes";
import { resolveLanguage } from "../../shared/languages";
import { CurrentWords } from "../service/words/current-words";
import { savedLanguageSetting } from "../service/words/saved-language";
import { installApplicationMenu } from "./app-menu";
import { DeepLinkInbox, deepLinkInArgv, registerProtocolClient } from "./deep-link-inbox";
import { type Desktop, startDesktop } from "./desktop";
import { APP_ORIGIN, APP_URL, registerAppScheme, serveRenderer } from "./app-protocol";
import { enableCompileCache } from "./compile-cache";
import { appWindowSender, forwardEvents, registerIpcDispatch } from "./ipc";
import { Lifecycle, wireLifecycle } from "./lifecycle";
import { loadSystemUpdater, wireUpdates } from "./updates";
import { createMainWindow } from "./window";
import { quitConfirmation } from "./quit-confirmation";
import { BundleFiles, bundlePathsIn, listenForOpenedFiles } from "./bundle-files";

const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

registerAppScheme();
// A data folder of its own for a test or a second profile; Chromium's own data goes there too.
if (process.env.ALPINE_USER_DATA) app.setPath("userData", process.env.ALPINE_USER_DATA);
// The service's code, loaded below by import(), is compiled once and read from this cache at later launches.
enableCompileCache(path.join(app.getPath("userData"), "Compile Cache"));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  /** The main process's words: menus, tray, dialogs, notifications, the updater's (the service follows the setting with them). */
  const words = new CurrentWords();
  // MCP Bundles opened with the app: reviewed once the service is open.
  const bundleFiles = new BundleFiles();
  listenForOpenedFiles(app, bundleFiles);
  for (const file of bundlePathsIn(process.argv)) bundleFiles.open(file);
  /** Set once ready: makes the main window again after it was closed (the app kept running in the tray). */
  let makeWindow: (() => BrowserWindow) | null = null;
  const showWindow = () => {
    if ((!window || window.isDestroyed()) && makeWindow) window = makeWindow();
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  // alpine:// links: this launch's own (Windows, Linux), a later launch's, macOS's open-url; kept until the service opens.
  const links = new DeepLinkInbox();
  links.listen(app);
  // The executable Electron runs as (app.getPath("exe"): https://www.electronjs.org/docs/latest/api/app#appgetpathname).
  registerProtocolClient(app, { defaultApp: Boolean(process.defaultApp), execPath: app.getPath("exe"), argv: process.argv });
  links.push(deepLinkInArgv(process.argv));
  app.on("second-instance", (_event, argv) => {
    for (const file of bundlePathsIn(argv)) bundleFiles.open(file);
    showWindow();
    links.push(deepLinkInArgv(argv));
  });
  // macOS: a click on the Dock icon with no window open (kept running in the tray) brings the window back
  // (https://www.electronjs.org/docs/latest/api/app#event-activate-macos).
  app.on("activate", () => showWindow());
  app.whenReady().then(start).catch(fail);

  async function start(): Promise<void> {
    const dataFolder = app.getPath("userData");
    // The language at once: the saved setting, else the system's preferred languages, most preferred first
    // (https://www.electronjs.org/docs/latest/api/app#appgetpreferredsystemlanguages; not app.getLocale(), which
    // is Chromium's own locale among those shipped). Loaded in the background: the menu is made again when it is.
    void words.use(resolveLanguage(savedLanguageSetting(dataFolder), app.getPreferredSystemLanguages()));
    // Begins once the window's page is served (or the window asks for it, or a moment at most): the window is created without waiting for it.
    const gate = new StartGate();
    const serviceStart = new ServiceStart(() => import("./app-service").then(({ openAppService }) => openAppService(dataFolder, () => window, words)), gate);
    const opened = serviceStart.opened;

    const lifecycle = new Lifecycle();
    lifecycle.onWillShutdown({ name: "service", join: () => opened.then(({ service }) => service.shutdown(), () => undefined) });
    lifecycle.onWillShutdown({ name: "secrets", join: () => opened.then(({ flushSecrets }) => flushSecrets(), () => undefined) });
    let desktop: Desktop | null = null;
    let running = (): number => 0;
    // The person's Quit asks first while runs are going, on the main window when there is one.
    const confirmQuit = quitConfirmation({
      running: () => running(),
      words: () => words.now,
      showMessageBox: (options) => (window && !window.isDestroyed() ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options)),
    });
    wireLifecycle(app, lifecycle, process, { keepRunningWhenClosed: () => desktop?.keepsRunning() ?? false, confirmQuit });

    const outFolder = path.join(import.meta.dirname, "..");
    serveRenderer(path.join(outFolder, "renderer"), contentSecurityPolicy([], APP_ORIGIN), {
      attachments: (pathname) => opened.then(({ attachment }) => attachment(pathname)),
      dataFolder,
      onPageServed: () => gate.open(),
    });
    // The main window and the quick-entry window (made once the service is open) are heard; nothing else.
    const fromMain = appWindowSender(() => window);
    const fromQuickEntry = appWindowSender(() => desktop?.quickEntryWindow() ?? null);
    registerIpcDispatch(serviceStart.dispatch, (event) => fromMain(event) || fromQuickEntry(event));
    const checkForUpdates = () =>
      void opened.then(({ service }) => {
        service.events.emit({ type: "show_updates" });
        void service.updates.check();
      });
    // Made again, whole, in the new language when the language changes (Menu.setApplicationMenu replaces it:
    // https://www.electronjs.org/docs/latest/api/menu#menusetapplicationmenumenu).
    const installMenu = () =>
      installApplicationMenu({ appName: app.getName(), platform: process.platform, isPackaged: app.isPackaged, words: words.now, onCheckForUpdates: checkForUpdates });
    installMenu();
    words.onChange(installMenu);
    const preload = path.join(outFolder, "preload", "index.cjs");
    makeWindow = () => createMainWindow({ preload, url: APP_URL, devTools: !app.isPackaged });
    window = makeWindow();

    // A service that cannot start rejects here: fail() says why.
    const { service } = await opened;
    running = () => service.runs.runningIds().length;
    forwardEvents(service.events, () => window);
    bundleFiles.ready(service);
    desktop = startDesktop({ service, lifecycle, showWindow, preload, devTools: !app.isPackaged });
    forwardEvents(service.events, () => desktop?.quickEntryWindow() ?? null);
    // The service checks each link and keeps what it asks until the window takes it.
    links.deliverTo((link) => {
      void service.deepLinks.receive(link);
      showWindow();
    });
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
    const reason = error instanceof Error ? error.message : String(error);
    // The reason is the error's own words (kept as they are for a report); the rest in the person's language, once loaded.
    void words.ready().then((now) => {
      dialog.showErrorBox(now.t("dialog.startFailed.title"), `${now.t("dialog.startFailed.detail")}\n\n${reason}`);
      app.exit(1);
    });
  }
}
