/**
 * The window's permissions: every request and check is refused, except writing text to the
 * clipboard (`clipboard-sanitized-write`, what `navigator.clipboard.writeText` needs) from
 * the app's own page in its main frame. Reading the clipboard, the camera, notifications and
 * the rest stay refused, and no other origin gets even the clipboard write.
 */
import type { PermissionCheckHandlerHandlerDetails, PermissionRequest, Session, WebContents } from "electron";
import { isAppUrl } from "./app-protocol";

/** What the app's own page may do. */
export const ALLOWED_PERMISSIONS: readonly string[] = ["clipboard-sanitized-write"];

/** The one rule both handlers apply. */
export function isPermissionAllowed(permission: string, requestingUrl: string | undefined, isMainFrame: boolean): boolean {
  return ALLOWED_PERMISSIONS.includes(permission) && isMainFrame && requestingUrl !== undefined && isAppUrl(requestingUrl);
}

export function guardPermissions(session: Pick<Session, "setPermissionRequestHandler" | "setPermissionCheckHandler">): void {
  session.setPermissionRequestHandler((_contents: WebContents, permission, callback, details: PermissionRequest) => {
    callback(isPermissionAllowed(permission, details?.requestingUrl, details?.isMainFrame ?? false));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details: PermissionCheckHandlerHandlerDetails) => {
    const url = details?.requestingUrl ?? requestingOrigin;
    return isPermissionAllowed(permission, url, details?.isMainFrame ?? false);
  });
}
