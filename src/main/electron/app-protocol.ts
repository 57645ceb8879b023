/**
 * The window is served from `app://alpine/` by a protocol handler, not from file://, so
 * every page gets the strict CSP as a response header (a file:// page gets no headers to
 * attach it to), the origin is a fixed one that IPC sender checks can compare against,
 * and no path outside the built window can be read.
 */
import { app, protocol } from "electron";
import { matchLanguage } from "../../shared/languages";
import { isPagePath, readRendererFile, withEventLog } from "../service/renderer-files";
import { servedRendererFile } from "../service/first-screen/first-screen-page";
import { PageMadeAhead, type ServedPage } from "../service/first-screen/page-made-ahead";
import type { Attachments } from "../service/attachments/attachments";
import { attachmentResponse, isAttachmentPath, type AttachmentHttpResponse } from "../service/attachments/attachment-response";

/** Where attachments come from: the service's, or a function answering once the service is open. */
export type AttachmentSource = Attachments | ((pathname: string) => Promise<AttachmentHttpResponse>);

export const APP_SCHEME = "app";
export const APP_HOST = "alpine";
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_URL = `${APP_ORIGIN}/index.html`;

/**
 * Before the app is ready: `standard` + `secure` give the scheme a real origin ('self' in the CSP
 * works); `codeCache` lets Chromium keep the window's compiled scripts between launches (it does
 * so only for http(s) unless asked), so a later launch does not compile the app chunk again.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
}

/** Is `url` a page of the app (scheme and host, whatever the path)? */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * Answer one `app://` request: a file of the built window with the CSP header, or 404. The page
 * itself carries the first screen kept in `dataFolder` from the last session (kept-first-screen.ts).
 */
export function rendererResponse(requestUrl: string, rendererFolder: string, csp: string, dataFolder?: string): Response {
  const url = new URL(requestUrl);
  return asResponse(url.host === APP_HOST ? servedFile(url.pathname, rendererFolder, csp, dataFolder) : null);
}

function servedFile(pathname: string, rendererFolder: string, csp: string, dataFolder?: string): ServedPage | null {
  const found = readRendererFile(rendererFolder, pathname);
  // Only an app started for automated checks (ALPINE_EVENT_LOG=on) keeps the window's event log.
  const logged = found && process.env.ALPINE_EVENT_LOG === "on" ? withEventLog(found) : found;
  // What the language setting "system" means now: https://www.electronjs.org/docs/latest/api/app#appgetpreferredsystemlanguages
  return logged && servedRendererFile(logged, pathname, csp, rendererFolder, dataFolder, () => matchLanguage(app.getPreferredSystemLanguages()));
}

function asResponse(served: ServedPage | null): Response {
  if (!served) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(new Uint8Array(served.file.body), {
    status: 200,
    headers: { "content-type": served.file.contentType, "content-security-policy": served.csp, "x-content-type-options": "nosniff" },
  });
}

export interface ServeRendererOptions {
  /** The service's attachments, or a function answering once the service is open. */
  attachments?: AttachmentSource;
  /** Where the first screen kept from the last session is (the page is served with it). */
  dataFolder?: string;
  /** Called once the page has been answered (the service's open waits for it: start-gate.ts). */
  onPageServed?: () => void;
}

/**
 * After the app is ready: serve the built window (its page made ahead, with the kept first screen:
 * page-made-ahead.ts), and the attachments at /attachments/<id>.
 */
export function serveRenderer(rendererFolder: string, csp: string, options: ServeRendererOptions = {}): void {
  const { attachments, dataFolder, onPageServed } = options;
  const page = new PageMadeAhead(() => servedFile("/index.html", rendererFolder, csp, dataFolder), dataFolder);
  // After the caller's turn (which creates the window): made while the window's process starts.
  setImmediate(() => page.prepare());
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (attachments && url.host === APP_HOST && isAttachmentPath(url.pathname)) {
      const answer = typeof attachments === "function" ? await attachments(url.pathname) : await attachmentResponse(attachments, url.pathname);
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    }
    if (url.host !== APP_HOST || !isPagePath(url.pathname)) return rendererResponse(request.url, rendererFolder, csp, dataFolder);
    const response = asResponse(page.take());
    onPageServed?.();
    return response;
  });
}
