/**
 * How the window loads an attachment: from the app's own origin at /attachments/<id>
 * (app://alpine/attachments/... in the app, the test host's origin in tests), never by a
 * file path. Only stored ids are answered; the bytes go out with the type found in them,
 * `nosniff` and a policy that runs nothing and lets only the app's own pages frame them
 * (a PDF is shown in a frame of the viewer, whose policy lets Chromium's PDF viewer embed it).
 */
import { ATTACHMENT_PATH_PREFIX } from "../../../shared/usage-types";
import { attachmentContentSecurityPolicy } from "../content-security-policy";
import type { Attachments } from "./attachments";

export interface AttachmentHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

export function isAttachmentPath(pathname: string): boolean {
  return pathname.startsWith(ATTACHMENT_PATH_PREFIX);
}

export async function attachmentResponse(attachments: Attachments, pathname: string): Promise<AttachmentHttpResponse> {
  const id = pathname.slice(ATTACHMENT_PATH_PREFIX.length);
  try {
    const { bytes, mediaType } = await attachments.read(id);
    return {
      status: 200,
      headers: {
        "content-type": mediaType === "text/plain" ? "text/plain; charset=utf-8" : mediaType,
        "content-security-policy": attachmentContentSecurityPolicy(mediaType),
        "x-content-type-options": "nosniff",
        "cache-control": "private, max-age=31536000, immutable", // the id is the content's hash
      },
      body: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    };
  } catch {
    return { status: 404, headers: { "content-type": "text/plain" }, body: new TextEncoder().encode("Not found") };
  }
}
