/**
 * Find the file of the built window (out/renderer) for a request path, refusing any
 * path that leaves the folder. Used by the app's `app://` protocol and by the test host,
 * so both serve the window the same way (with the CSP header added by the caller).
 */
import fs from "node:fs";
import path from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

export interface RendererFile {
  body: Buffer;
  contentType: string;
}

/** The file for `urlPath` ("/" is index.html), or null when there is none inside the folder. */
export function readRendererFile(rendererFolder: string, urlPath: string): RendererFile | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const relative = decoded === "/" || decoded === "" ? "index.html" : decoded.replace(/^\/+/, "");
  const root = path.resolve(rendererFolder);
  const file = path.resolve(root, relative);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  let body: Buffer;
  try {
    if (!fs.statSync(file).isFile()) return null;
    body = fs.readFileSync(file);
  } catch {
    return null;
  }
  return { body, contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream" };
}

/** Is `urlPath` the window's page itself (index.html)? */
export function isPagePath(urlPath: string): boolean {
  return urlPath === "/" || urlPath === "" || urlPath === "/index.html";
}

/** The meta tag that turns on the window's log of named app events (`window.__alpineEvents`). */
export const EVENT_LOG_META = '<meta name="alpine-event-log" content="on" />';

/**
 * The window as served for automated checks: index.html carries EVENT_LOG_META, so the
 * window keeps its log of app events. Normal use serves the file as built, without a log.
 */
export function withEventLog(file: RendererFile): RendererFile {
  if (!file.contentType.startsWith("text/html")) return file;
  const html = file.body.toString("utf8");
  if (html.includes(EVENT_LOG_META)) return file;
  const anchor = /<head[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  const at = anchor ? anchor.index + anchor[0].length : 0;
  return { ...file, body: Buffer.from(`${html.slice(0, at)}${EVENT_LOG_META}${html.slice(at)}`, "utf8") };
}
