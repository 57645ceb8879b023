/**
 * The window's security settings and guards, and the app:// protocol that serves it with
 * the CSP header, under a stand-in electron module.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BrowserWindow, protocol, resetFakeElectron, shell } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const { createMainWindow, openInBrowser } = await import("../../src/main/electron/window");
const { APP_URL, isAppUrl, registerAppScheme, rendererResponse, serveRenderer } = await import("../../src/main/electron/app-protocol");
const { contentSecurityPolicy } = await import("../../src/main/service/content-security-policy");

beforeEach(resetFakeElectron);

describe("the main window", () => {
  it("is isolated and sandboxed, with no Node in the page and web security on", () => {
    const window = createMainWindow({ preload: "/app/out/preload/index.cjs", url: APP_URL }) as unknown as BrowserWindow;
    expect(window.options.webPreferences).toMatchObject({
      preload: "/app/out/preload/index.cjs",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // Chromium's PDF viewer, for attached PDFs shown in a frame of the app's own URL.
      plugins: true,
    });
    expect(window.loadedUrl).toBe("app://alpine/index.html");
  });

  it("stays hidden until its first paint is ready, then shows once", () => {
    const window = createMainWindow({ preload: "p", url: APP_URL }) as unknown as BrowserWindow;
    expect(window.options.show).toBe(false);
    expect(window.shown).toBe(0);
    window.emit("ready-to-show");
    window.emit("ready-to-show");
    expect(window.shown).toBe(1);
  });

  it("refuses every redirect, even to the app's own pages", () => {
    const window = createMainWindow({ preload: "p", url: APP_URL }) as unknown as BrowserWindow;
    expect(window.webContents.emitPreventable("will-redirect", "https://example.com/elsewhere")).toBe(true);
    expect(window.webContents.emitPreventable("will-redirect", "app://alpine/index.html")).toBe(true);
    expect(shell.opened).toEqual([]);
  });

  it("opens nothing for a link that is not a URL", () => {
    const window = createMainWindow({ preload: "p", url: APP_URL }) as unknown as BrowserWindow;
    expect(window.webContents.emitPreventable("will-navigate", "not a url")).toBe(true);
    expect(window.webContents.windowOpenHandler!({ url: "http://[not-an-address/" })).toEqual({ action: "deny" });
    expect(openInBrowser("://missing-scheme")).toBe(false);
    expect(shell.opened).toEqual([]);
    expect(openInBrowser("https://example.com/a b")).toBe(true);
    expect(shell.opened).toEqual(["https://example.com/a%20b"]);
  });

  it("refuses navigation and new windows; web and mail links open outside, other schemes nowhere", () => {
    const window = createMainWindow({ preload: "p", url: APP_URL }) as unknown as BrowserWindow;
    const contents = window.webContents;
    expect(contents.emitPreventable("will-navigate", "https://example.com/page")).toBe(true);
    expect(contents.emitPreventable("will-navigate", "app://alpine/other.html")).toBe(true);
    expect(contents.emitPreventable("will-navigate", "file:///etc/passwd")).toBe(true);
    expect(contents.emitPreventable("will-attach-webview", "")).toBe(true);
    expect(contents.windowOpenHandler!({ url: "http://example.org/" })).toEqual({ action: "deny" });
    expect(contents.windowOpenHandler!({ url: "javascript:alert(1)" })).toEqual({ action: "deny" });
    expect(contents.windowOpenHandler!({ url: "smb://server/share" })).toEqual({ action: "deny" });
    expect(contents.windowOpenHandler!({ url: "mailto:ada@example.com?subject=Trip" })).toEqual({ action: "deny" });
    expect(contents.windowOpenHandler!({ url: "data:text/html,<b>x</b>" })).toEqual({ action: "deny" });
    expect(shell.opened).toEqual(["https://example.com/page", "http://example.org/", "mailto:ada@example.com?subject=Trip"]);
  });

  it("grants no permission the page asks for, but writing text to the clipboard from its own page", () => {
    const window = createMainWindow({ preload: "p", url: APP_URL }) as unknown as BrowserWindow;
    const contents = window.webContents;
    const request = (permission: string, details: { requestingUrl?: string; isMainFrame: boolean }) => {
      let answer: boolean | null = null;
      contents.permissionHandler!(contents, permission, (granted: boolean) => (answer = granted), details);
      return answer;
    };
    const appPage = { requestingUrl: "app://alpine/index.html", isMainFrame: true };
    for (const permission of ["media", "geolocation", "notifications", "clipboard-read", "openExternal", "fileSystem"]) {
      expect(request(permission, appPage), permission).toBe(false);
    }
    expect(request("clipboard-sanitized-write", appPage)).toBe(true);
    // Another origin, a sub-frame, or no page at all: refused, even the clipboard.
    expect(request("clipboard-sanitized-write", { requestingUrl: "https://evil.example/", isMainFrame: true })).toBe(false);
    expect(request("clipboard-sanitized-write", { requestingUrl: "app://other/index.html", isMainFrame: true })).toBe(false);
    expect(request("clipboard-sanitized-write", { requestingUrl: "app://alpine/index.html", isMainFrame: false })).toBe(false);
    expect(request("clipboard-sanitized-write", { isMainFrame: true })).toBe(false);

    // The checks (navigator.permissions, and Chromium before a write) follow the same rule.
    expect(contents.permissionCheck!(contents, "clipboard-sanitized-write", "app://alpine", appPage)).toBe(true);
    expect(contents.permissionCheck!(contents, "clipboard-read", "app://alpine", appPage)).toBe(false);
    expect(contents.permissionCheck!(contents, "clipboard-sanitized-write", "https://evil.example", { isMainFrame: true })).toBe(false);
    expect(contents.permissionCheck!(contents, "clipboard-sanitized-write", "app://alpine", { isMainFrame: false })).toBe(false);
  });
});

describe("the app:// protocol", () => {
  let renderer: string;
  beforeEach(() => {
    renderer = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
    fs.mkdirSync(path.join(renderer, "assets"));
    fs.writeFileSync(path.join(renderer, "index.html"), "<!doctype html><title>Alpine</title>");
    fs.writeFileSync(path.join(renderer, "assets", "app.js"), "1");
    fs.writeFileSync(path.join(path.dirname(renderer), `${path.basename(renderer)}-secret.txt`), "secret");
  });
  afterEach(() => {
    fs.rmSync(renderer, { recursive: true, force: true });
    fs.rmSync(path.join(path.dirname(renderer), `${path.basename(renderer)}-secret.txt`), { force: true });
  });

  it("is registered as a standard, secure scheme whose scripts' compiled code is kept between launches, before ready", () => {
    registerAppScheme();
    expect(protocol.privileged).toEqual([{ scheme: "app", privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
  });

  it("serves the window's files with the CSP header, and nothing outside them", async () => {
    const csp = contentSecurityPolicy();
    serveRenderer(renderer, csp);
    const handle = protocol.handlers.get("app")!;
    const page = await handle(new Request("app://alpine/index.html"));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBe(csp);
    expect(csp).toMatch(/default-src 'none'; script-src 'self'; style-src 'self'/);
    expect(await page.text()).toContain("<title>Alpine</title>");
    expect((await handle(new Request("app://alpine/assets/app.js"))).headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(rendererResponse(`app://alpine/..%2f${path.basename(renderer)}-secret.txt`, renderer, csp).status).toBe(404);
    expect(rendererResponse("app://other-host/index.html", renderer, csp).status).toBe(404);
    expect(rendererResponse("app://alpine/missing.js", renderer, csp).status).toBe(404);
  });

  it("keeps the window's event log out of normal use: only ALPINE_EVENT_LOG=on serves the page with it", async () => {
    const csp = contentSecurityPolicy();
    const normal = await rendererResponse("app://alpine/index.html", renderer, csp).text();
    expect(normal).not.toContain("alpine-event-log");
    process.env.ALPINE_EVENT_LOG = "on";
    try {
      const forChecks = await rendererResponse("app://alpine/index.html", renderer, csp).text();
      expect(forChecks).toContain('<meta name="alpine-event-log" content="on" />');
      expect(forChecks).toContain("<title>Alpine</title>");
      // Scripts are served as built.
      expect(await rendererResponse("app://alpine/assets/app.js", renderer, csp).text()).not.toContain("alpine-event-log");
    } finally {
      delete process.env.ALPINE_EVENT_LOG;
    }
  });

  it("serves its page with the first screen kept in the data folder, its style sheet inside and allowed by hash", async () => {
    const csp = contentSecurityPolicy();
    const dataFolder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-kept-"));
    try {
      fs.writeFileSync(path.join(renderer, "index.html"), '<!doctype html><link rel="stylesheet" crossorigin href="./assets/index-Ab1.css"><div id="root"></div>');
      fs.writeFileSync(path.join(renderer, "assets", "index-Ab1.css"), ".app { display: grid; }");
      fs.writeFileSync(path.join(dataFolder, "first-screen.json"), JSON.stringify({ version: 1, conversationId: "oslo", stylesheets: ["index-Ab1.css"], html: '<div class="app">Plan a trip to Oslo</div>' }));
      serveRenderer(renderer, csp, { dataFolder });
      const page = await protocol.handlers.get("app")!(new Request("app://alpine/index.html"));
      const html = await page.text();
      expect(html).toContain('<div id="root"><div class="first-screen" aria-busy="true" data-language="en" data-open-conversation-id="oslo"><div class="app">Plan a trip to Oslo</div></div></div>');
      expect(html).toContain('<style data-stylesheet="index-Ab1.css">.app { display: grid; }</style>');
      expect(page.headers.get("content-security-policy")).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
      // Its scripts and style sheet are served as built; without a data folder, the page too.
      expect((await protocol.handlers.get("app")!(new Request("app://alpine/assets/index-Ab1.css"))).headers.get("content-security-policy")).toBe(csp);
      expect(await rendererResponse("app://alpine/index.html", renderer, csp).text()).not.toContain("first-screen");
    } finally {
      fs.rmSync(dataFolder, { recursive: true, force: true });
    }
  });

  it("knows the app's own pages", () => {
    expect(isAppUrl("app://alpine/index.html")).toBe(true);
    expect(isAppUrl("app://alpine/")).toBe(true);
    expect(isAppUrl("app://evil/index.html")).toBe(false);
    expect(isAppUrl("https://alpine/index.html")).toBe(false);
    expect(isAppUrl("file:///app/out/renderer/index.html")).toBe(false);
    expect(isAppUrl("not a url")).toBe(false);
  });
});
