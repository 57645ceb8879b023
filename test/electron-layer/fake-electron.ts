/**
 * A stand-in for the `electron` module (the binary cannot run here): just enough of app,
 * BrowserWindow, ipcMain, protocol, safeStorage, shell, dialog and utilityProcess for the thin Electron
 * layer to run, recording what it was asked to do. Tests install it with
 * `vi.mock("electron", () => import("./fake-electron"))` and reset it between tests. Only
 * erasable TypeScript here: a test process loads it with Node's own type stripping.
 */
import { EventEmitter } from "node:events";
import fs from "node:fs";
import http from "node:http";
import { utilityProcess as fakeUtilityProcess } from "./fake-utility-process.ts";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

type Listener = (...args: any[]) => unknown;

class FakeApp extends EventEmitter {
  readonly exitCalls: number[] = [];
  quitCalls = 0;
  singleInstance = true;
  userData = "";
  /** app.getAppPath(): the folder (or app.asar) with package.json and out/. */
  appPath = REPO_ROOT;
  isPackaged = false;
  ready: Promise<void> = Promise.resolve();
  exit(code = 0): void {
    this.exitCalls.push(code);
  }
  quit(): void {
    this.quitCalls++;
  }
  requestSingleInstanceLock(): boolean {
    return this.singleInstance;
  }
  whenReady(): Promise<void> {
    return this.ready;
  }
  getPath(name: string): string {
    if (name === "exe") return "/opt/Alpine/alpine"; // "The current executable file"
    if (name !== "userData") throw new Error(`no fake path for ${name}`);
    return this.userData;
  }
  setPath(name: string, value: string): void {
    if (name === "userData") this.userData = value;
  }
  getAppPath(): string {
    return this.appPath;
  }
  getName(): string {
    return "Alpine";
  }
  getVersion(): string {
    return "9.9.9";
  }
  /** app.getPreferredSystemLanguages(): most preferred first, with regions. */
  preferredSystemLanguages = ["en-US"];
  getPreferredSystemLanguages(): string[] {
    return [...this.preferredSystemLanguages];
  }
  relaunch(): void {}
  /** Each app.setAsDefaultProtocolClient(protocol, path?, args?) call, in order. */
  readonly protocolClients: { protocol: string; path?: string; args?: string[] }[] = [];
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean {
    this.protocolClients.push({ protocol, ...(path === undefined ? {} : { path }), ...(args === undefined ? {} : { args }) });
    return true;
  }
  /** The login item as app.setLoginItemSettings last set it, and each call. */
  loginItem = { openAtLogin: false };
  readonly loginItemCalls: { openAtLogin: boolean }[] = [];
  getLoginItemSettings(): { openAtLogin: boolean } {
    return { ...this.loginItem };
  }
  setLoginItemSettings(settings: { openAtLogin: boolean }): void {
    this.loginItemCalls.push(settings);
    this.loginItem = { ...this.loginItem, ...settings };
  }
  /** app.setBadgeCount(count): each count set, in order (macOS and Linux answer true). */
  readonly badgeCounts: number[] = [];
  setBadgeCount(count = 0): boolean {
    this.badgeCounts.push(count);
    return true;
  }
  isDefaultProtocolClient(protocol: string): boolean {
    return this.protocolClients.some((client) => client.protocol === protocol);
  }
  /** Emit like Electron: listeners get an event whose preventDefault is recorded. */
  emitWithEvent(name: string): { defaultPrevented: boolean } {
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit(name, event);
    return event;
  }
}

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly sent: [string, unknown][] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  permissionHandler: Listener | null = null;
  permissionCheck: Listener | null = null;
  readonly mainFrame = { url: "app://alpine/index.html", parent: null };
  readonly session = {
    setPermissionRequestHandler: (handler: Listener) => {
      this.permissionHandler = handler;
    },
    setPermissionCheckHandler: (handler: Listener) => {
      this.permissionCheck = handler;
    },
  };
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
    for (const waiter of [...this.sendWaiters]) {
      if (!waiter.match(channel, payload)) continue;
      this.sendWaiters.splice(this.sendWaiters.indexOf(waiter), 1);
      waiter.resolve(payload);
    }
  }
  private readonly sendWaiters: { match: (channel: string, payload: any) => boolean; resolve: (payload: any) => void }[] = [];
  /** Resolves with the first payload sent to the page (already or still to come) that matches. */
  nextSent(match: (channel: string, payload: any) => boolean): Promise<any> {
    const found = this.sent.find(([channel, payload]) => match(channel, payload));
    if (found) return Promise.resolve(found[1]);
    return new Promise((resolve) => this.sendWaiters.push({ match, resolve }));
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  /** Emit a navigation-like event and report whether a listener prevented it. */
  emitPreventable(name: string, url: string): boolean {
    let prevented = false;
    this.emit(name, { url, preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  /** BrowserWindow.getFocusedWindow(): the window whose `hasFocus` a test set, else null. */
  static getFocusedWindow(): BrowserWindow | null {
    return BrowserWindow.instances.find((window) => window.hasFocus && !window.destroyed) ?? null;
  }
  private static waiting: ((window: BrowserWindow) => void)[] = [];
  /** Resolves with the first window created from now on (or already created). */
  static next(): Promise<BrowserWindow> {
    if (BrowserWindow.instances.length > 0) return Promise.resolve(BrowserWindow.instances[0]);
    return new Promise((resolve) => BrowserWindow.waiting.push(resolve));
  }
  readonly webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  destroyed = false;
  minimized = false;
  focused = 0;
  shown = 0;
  restored = 0;
  readonly options: Record<string, any>;
  constructor(options: Record<string, any>) {
    super();
    this.options = options;
    BrowserWindow.instances.push(this);
    for (const resolve of BrowserWindow.waiting.splice(0)) resolve(this);
  }
  /** Set by a test: windows made from now on ask for their page only when it calls `askForPage()`. */
  static holdPageRequests = false;
  private pageRequest: (() => Promise<void>) | null = null;
  /** Like Chromium's window: asks for its page, through the protocol handler registered for its scheme. */
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    const handler = protocol.handlers.get(new URL(url).protocol.replace(/:$/, ""));
    this.pageRequest = () => (handler ? Promise.resolve(handler(new Request(url))).then((page) => void page.arrayBuffer()) : Promise.resolve());
    return BrowserWindow.holdPageRequests ? Promise.resolve() : this.askForPage();
  }
  askForPage(): Promise<void> {
    return this.pageRequest?.() ?? Promise.resolve();
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.restored++;
    this.minimized = false;
  }
  focus(): void {
    this.focused++;
  }
  /** Whether the window has the keyboard focus now (a test sets it, then emits "focus" or "blur" as Electron would). */
  hasFocus = false;
  isFocused(): boolean {
    return this.hasFocus;
  }
  show(): void {
    this.shown++;
    this.visible = true;
  }
  visible = false;
  hidden = 0;
  hide(): void {
    this.hidden++;
    this.visible = false;
  }
  isVisible(): boolean {
    return this.visible;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

class FakeIpcMain {
  readonly handlers = new Map<string, Listener>();
  handle(channel: string, handler: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** Call a channel as a window would: `sender` and `frame` describe where it came from. */
  invoke(channel: string, args: unknown, from: { sender: { id: number }; senderFrame: { url: string; parent: unknown } | null }): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return Promise.resolve(handler(from, args));
  }
}

class FakeProtocol {
  readonly privileged: unknown[] = [];
  readonly handlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    this.privileged.push(...schemes);
  }
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    this.handlers.set(scheme, handler);
  }
}

/**
 * "Encrypts" by reversing bytes behind a marker and the key's generation, so a test can tell
 * encrypted from plain; raising `generation` is the system rotating its key (what was
 * encrypted before decrypts with `shouldReEncrypt`). `backend` is what Linux would report.
 */
class FakeSafeStorage {
  available = true;
  generation = 1;
  backend: string = "gnome_libsecret";
  encryptions = 0;
  async isAsyncEncryptionAvailable(): Promise<boolean> {
    return this.available;
  }
  getSelectedStorageBackend(): string {
    return this.backend;
  }
  async encryptStringAsync(text: string): Promise<Buffer> {
    if (!this.available) throw new Error("Encryption is not available.");
    this.encryptions++;
    return Buffer.concat([Buffer.from(`ENC:${this.generation}:`), Buffer.from(text, "utf8").reverse()]);
  }
  async decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> {
    const header = /^ENC:(\d+):/.exec(encrypted.subarray(0, 16).toString("latin1"));
    if (!header) throw new Error("Error while decrypting the ciphertext provided to safeStorage.decryptString.");
    const body = Buffer.from(encrypted.subarray(header[0].length)).reverse().toString("utf8");
    return { result: body, shouldReEncrypt: Number(header[1]) < this.generation };
  }
}

/** The window side: what the preload exposes, and an ipcRenderer whose invoke a test answers. */
class FakeIpcRenderer extends EventEmitter {
  answer: (channel: string, args: unknown) => unknown = () => undefined;
  readonly invoked: [string, unknown][] = [];
  async invoke(channel: string, args: unknown): Promise<unknown> {
    this.invoked.push([channel, args]);
    return this.answer(channel, args);
  }
}
export const ipcRenderer = new FakeIpcRenderer();
export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld: (key: string, api: unknown) => void contextBridge.exposed.set(key, api),
};

export const app = new FakeApp();
export const ipcMain = new FakeIpcMain();
export const protocol = new FakeProtocol();
export const safeStorage = new FakeSafeStorage();
export const shell = { opened: [] as string[], openExternal: async (url: string) => void shell.opened.push(url) };
let errorShown: (error: [string, string]) => void = () => {};
export const dialog = {
  chosen: null as string | null,
  errors: [] as [string, string][],
  /** Each folder dialog shown: the window it belongs to (null: none) and its options. */
  opened: [] as { parent: unknown; options: Record<string, unknown> }[],
  /** Resolves with the first error box shown (already or still to come). */
  nextError: () =>
    dialog.errors.length > 0 ? Promise.resolve(dialog.errors[0]) : new Promise<[string, string]>((resolve) => (errorShown = resolve)),
  showOpenDialog: async (...args: unknown[]) => {
    const [parent, options] = args.length === 2 ? args : [null, args[0]];
    dialog.opened.push({ parent, options: options as Record<string, unknown> });
    return { canceled: dialog.chosen === null, filePaths: dialog.chosen ? [dialog.chosen] : [] };
  },
  showSaveDialog: async (...args: unknown[]) => {
    const [parent, options] = args.length === 2 ? args : [null, args[0]];
    dialog.opened.push({ parent, options: options as Record<string, unknown> });
    return { canceled: dialog.chosen === null, filePath: dialog.chosen ?? undefined };
  },
  /** Each message box shown (dialog.showMessageBox): its window (null: none) and its options. */
  messageBoxes: [] as { parent: unknown; options: { message: string; detail?: string; buttons?: string[]; defaultId?: number; cancelId?: number; type?: string } }[],
  /** The button the person presses in the next message boxes (its index in `buttons`). */
  messageBoxResponse: 0,
  /** Resolves `{ response, checkboxChecked }` as Electron does (https://www.electronjs.org/docs/latest/api/dialog#dialogshowmessageboxwindow-options). */
  showMessageBox: async (...args: unknown[]) => {
    const [parent, options] = args.length === 2 ? args : [null, args[0]];
    dialog.messageBoxes.push({ parent, options: options as (typeof dialog.messageBoxes)[number]["options"] });
    return { response: dialog.messageBoxResponse, checkboxChecked: false };
  },
  showErrorBox: (title: string, content: string) => {
    dialog.errors.push([title, content]);
    errorShown([title, content]);
  },
};

/** The application menu: the template it was built from, and whether it was set. */
export const Menu = {
  applied: null as { template: any[] } | null,
  buildFromTemplate: (template: any[]) => ({ template }),
  setApplicationMenu: (menu: { template: any[] } | null) => void (Menu.applied = menu),
};

/**
 * `net.request(options)` (https://www.electronjs.org/docs/latest/api/net#netrequestoptions):
 * the request goes out through Node's http with the same options, and the returned request
 * answers the same calls (`end`, `abort`, `setHeader`) and emits `response` and `error` like
 * Electron's ClientRequest. Electron's own fields (`session`, `redirect`) are dropped: a
 * redirect comes back as its 3xx response. Only http:// (the tests' local servers).
 */
export const net = {
  requests: [] as string[],
  request(options: { protocol?: string; hostname?: string; host?: string; port?: number | string; path?: string; method?: string; headers?: Record<string, string> }) {
    net.requests.push(`${options.method ?? "GET"} ${options.path ?? "/"}`);
    const { protocol: scheme, hostname, host, port, path, method, headers } = options;
    if (scheme && scheme !== "http:") throw new Error(`The stand-in net speaks http only, not ${scheme}`);
    return http.request({ hostname: hostname ?? host, port, path, method, headers });
  },
};

/** `session.fromPartition` (https://www.electronjs.org/docs/latest/api/session#sessionfrompartitionpartition-options): an object the stand-in net ignores. */
export const session = {
  fromPartition: (partition: string) => ({ partition }),
};

/** Electron's own (Squirrel) `autoUpdater`, which electron-updater's macOS updater listens to. */
export const autoUpdater = Object.assign(new EventEmitter(), {
  feedUrl: "",
  setFeedURL: (options: { url: string }) => void (autoUpdater.feedUrl = options.url),
  getFeedURL: () => autoUpdater.feedUrl,
  checkForUpdates: () => {},
  quitAndInstall: () => {},
});

/**
 * Electron's main-process Notification (https://www.electronjs.org/docs/latest/api/notification):
 * made with its options, `show()` records it, a test emits "click" or "close" as the system would.
 */
export class Notification extends EventEmitter {
  static supported = true;
  static shown: Notification[] = [];
  static isSupported(): boolean {
    return Notification.supported;
  }
  readonly options: { title?: string; body?: string; silent?: boolean };
  constructor(options: { title?: string; body?: string; silent?: boolean } = {}) {
    super();
    this.options = options;
  }
  show(): void {
    Notification.shown.push(this);
  }
  close(): void {
    this.emit("close", { preventDefault() {} });
  }
}

/**
 * globalShortcut (https://www.electronjs.org/docs/latest/api/global-shortcut): `register` answers
 * false for a shortcut another app holds (`taken`, set by a test) and throws for one it cannot
 * read, as Electron does; `press` is the person pressing it.
 */
export const globalShortcut = {
  registered: new Map<string, () => void>(),
  taken: new Set<string>(),
  register(accelerator: string, callback: () => void): boolean {
    if (!/^[A-Za-z0-9+]+$/.test(accelerator)) throw new Error(`Error processing argument at index 0, conversion failure from ${accelerator}`);
    if (globalShortcut.taken.has(accelerator) || globalShortcut.registered.has(accelerator)) return false;
    globalShortcut.registered.set(accelerator, callback);
    return true;
  },
  unregister(accelerator: string): void {
    globalShortcut.registered.delete(accelerator);
  },
  isRegistered(accelerator: string): boolean {
    return globalShortcut.registered.has(accelerator);
  },
  unregisterAll(): void {
    globalShortcut.registered.clear();
  },
  press(accelerator: string): void {
    const callback = globalShortcut.registered.get(accelerator);
    if (!callback) throw new Error(`${accelerator} is not registered`);
    callback();
  },
};

/** nativeImage (https://www.electronjs.org/docs/latest/api/native-image): an image that remembers where it came from and its size. */
export const nativeImage = {
  createFromPath: (file: string) => fakeImage(file, null),
};
function fakeImage(file: string, size: { width?: number; height?: number } | null) {
  return { file, size, resize: (options: { width?: number; height?: number }) => fakeImage(file, options), isEmpty: () => !fs.existsSync(file) };
}

/**
 * Electron's Tray (https://www.electronjs.org/docs/latest/api/tray): the icon it was made with,
 * its context menu and tooltip as last set; a test emits "click" as the system would.
 */
export class Tray extends EventEmitter {
  static instances: Tray[] = [];
  menu: { template: any[] } | null = null;
  tooltip = "";
  destroyed = false;
  menusSet = 0;
  readonly image: unknown;
  constructor(image: unknown) {
    super();
    this.image = image;
    Tray.instances.push(this);
  }
  setContextMenu(menu: { template: any[] } | null): void {
    this.menu = menu;
    this.menusSet++;
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  destroy(): void {
    this.destroyed = true;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** Clicks the menu item with this id, as the person would. */
  clickItem(id: string): void {
    const item = this.menu?.template.find((entry) => entry.id === id);
    if (!item) throw new Error(`The tray menu has no item "${id}"`);
    item.click();
  }
}

/** Forget everything recorded; a new app object is not needed because listeners are removed. */
export function resetFakeElectron(): void {
  app.removeAllListeners();
  app.exitCalls.length = 0;
  app.protocolClients.length = 0;
  app.badgeCounts.length = 0;
  app.loginItem = { openAtLogin: false };
  app.loginItemCalls.length = 0;
  Notification.supported = true;
  Notification.shown.length = 0;
  Tray.instances.length = 0;
  globalShortcut.registered.clear();
  globalShortcut.taken.clear();
  app.quitCalls = 0;
  app.singleInstance = true;
  app.ready = Promise.resolve();
  BrowserWindow.instances.length = 0;
  BrowserWindow.holdPageRequests = false;
  ipcMain.handlers.clear();
  protocol.privileged.length = 0;
  protocol.handlers.clear();
  safeStorage.available = true;
  safeStorage.generation = 1;
  safeStorage.backend = "gnome_libsecret";
  safeStorage.encryptions = 0;
  shell.opened.length = 0;
  dialog.chosen = null;
  dialog.errors.length = 0;
  dialog.opened.length = 0;
  dialog.messageBoxes.length = 0;
  dialog.messageBoxResponse = 0;
  ipcRenderer.removeAllListeners();
  ipcRenderer.invoked.length = 0;
  contextBridge.exposed.clear();
  Menu.applied = null;
  net.requests.length = 0;
  app.isPackaged = false;
  app.preferredSystemLanguages = ["en-US"];
  app.appPath = REPO_ROOT;
}

export function readFileMode(file: string): number {
  return fs.statSync(file).mode & 0o777;
}

/** The utilityProcess stand-in (fake-utility-process.ts). */
export const utilityProcess = { fork: fakeUtilityProcess.fork };

export default { globalShortcut, Notification, Tray, nativeImage, app, BrowserWindow, ipcMain, protocol, safeStorage, shell, dialog, ipcRenderer, contextBridge, Menu, net, session, autoUpdater, utilityProcess };
