/**
 * The one window: isolated and sandboxed, no Node in the page, web security on, no
 * permission granted but writing text to the clipboard (permissions.ts). It never navigates away from the app and opens no windows;
 * http(s) links open in the person's browser.
 */
import { BrowserWindow, shell, type WebContents, type WebPreferences } from "electron";
import { guardPermissions } from "./permissions";

/** `devTools`: the developer tools can be opened only when the app runs from source. */
export function secureWebPreferences(preload: string, devTools = true): WebPreferences {
  return {
    preload,
    devTools,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
    // Chromium's own PDF viewer, so an attached PDF shows inside the app (the CSP lets
    // frames load only the app's own attachment URLs).
    plugins: true,
  };
}

export function createMainWindow(options: { preload: string; url: string; devTools?: boolean }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 640,
    minHeight: 420,
    show: false,
    title: "Alpine",
    webPreferences: secureWebPreferences(options.preload, options.devTools ?? true),
  });
  guardContents(window.webContents);
  window.once("ready-to-show", () => window.show());
  void window.loadURL(options.url);
  return window;
}

/** Refuse navigation, new windows, webviews and permissions (but the clipboard write); open web links outside. */
export function guardContents(contents: WebContents): void {
  contents.on("will-navigate", (event) => {
    event.preventDefault();
    openInBrowser(event.url);
  });
  contents.on("will-redirect", (event) => event.preventDefault());
  contents.on("will-attach-webview", (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url);
    return { action: "deny" };
  });
  guardPermissions(contents.session);
}

/**
 * Only http(s) and mailto links leave the app (the window shows the same ones as links);
 * file:, javascript:, custom schemes never do.
 */
export function openInBrowser(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:" && parsed.protocol !== "mailto:") return false;
  void shell.openExternal(parsed.toString());
  return true;
}
