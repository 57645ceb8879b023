/**
 * The window's Content-Security-Policy, sent as a response header (never a meta tag)
 * with every page the window loads, in the app and from the test host. Only the app's
 * own scripts and styles run; nothing is fetched from elsewhere, no plugins, no frames,
 * no forms, no <base>. `connectSources` adds the test host's WebSocket.
 */
export function contentSecurityPolicy(connectSources: string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSources].join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
