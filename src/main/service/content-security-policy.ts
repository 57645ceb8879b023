import { ATTACHMENT_PATH_PREFIX } from "../../shared/usage-types";

/**
 * The window's Content-Security-Policy, sent as a response header (never a meta tag)
 * with every page the window loads, in the app and from the test host. Only the app's
 * own scripts and styles run; nothing is fetched from elsewhere, no plugins, no forms, no
 * <base>. The only frames are the app's own attachments (a PDF shown inside the app),
 * named by `appOrigin` (app://alpine, or the test host's origin); without it, no frames.
 * `connectSources` adds the test host's WebSocket.
 */
export function contentSecurityPolicy(connectSources: string[] = [], appOrigin?: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSources].join(" ")}`,
    `frame-src ${appOrigin ? attachmentFrameSource(appOrigin) : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** `csp` with `sources` ('sha256-…' of styles inside the page) added to its style-src. */
export function withStyleSources(csp: string, sources: string[]): string {
  if (sources.length === 0) return csp;
  return csp.replace(/(^|; )style-src ([^;]*)/, (_, start: string, list: string) => `${start}style-src ${list} ${sources.join(" ")}`);
}

/** A path source: only URLs under /attachments/ of the app's own origin. */
export function attachmentFrameSource(appOrigin: string): string {
  return `${appOrigin.replace(/\/$/, "")}${ATTACHMENT_PATH_PREFIX}`;
}

/**
 * The policy an attachment itself is served with: it runs nothing and loads nothing of its
 * own, and only the app's own pages may frame it. A PDF is shown by Chromium's PDF viewer,
 * which embeds the document's own URL as a plugin inside the frame: its policy lets that
 * one object (the same origin) load, where `object-src 'none'` would leave the frame blank.
 */
export function attachmentContentSecurityPolicy(mediaType: string): string {
  const objects = mediaType === "application/pdf" ? "object-src 'self'" : "object-src 'none'";
  return ["default-src 'none'", objects, "base-uri 'none'", "form-action 'none'", "frame-ancestors 'self'"].join("; ");
}
