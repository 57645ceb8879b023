/**
 * The Messages API's limits, checked before anything is sent, each failure naming the file
 * and the limit: an image at most 5 MB and 8,000 pixels a side; a PDF at most 32 MB and
 * 100 pages; a text file at most 1 MB; a message's attachments together within the 32 MB
 * request (base64 makes binary files a third larger).
 */
import { AttachmentTooLargeError } from "./attachment-errors";
import type { SniffedFile } from "./sniff";

const MB = 1024 * 1024;
export const LIMITS = {
  imageBytes: 5 * MB,
  imageSide: 8000,
  pdfBytes: 32 * MB,
  pdfPages: 100,
  textBytes: 1 * MB,
  requestBytes: 32 * MB,
} as const;

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export function checkFileLimits(name: string, size: number, file: SniffedFile): void {
  if (file.kind === "image") {
    if (size > LIMITS.imageBytes) throw new AttachmentTooLargeError(name, `images may be at most 5 MB, this one is ${mb(size)}`);
    if (file.width > LIMITS.imageSide || file.height > LIMITS.imageSide) {
      throw new AttachmentTooLargeError(name, `images may be at most 8000 × 8000 pixels, this one is ${file.width} × ${file.height}`);
    }
    if (file.width === 0 || file.height === 0) throw new AttachmentTooLargeError(name, "the image has no pixels (0 wide or high)");
  } else if (file.kind === "pdf") {
    if (size > LIMITS.pdfBytes) throw new AttachmentTooLargeError(name, `PDFs may be at most 32 MB, this one is ${mb(size)}`);
    if (file.pages > LIMITS.pdfPages) throw new AttachmentTooLargeError(name, `PDFs may have at most 100 pages, this one has ${file.pages}`);
  } else if (size > LIMITS.textBytes) {
    throw new AttachmentTooLargeError(name, `text files may be at most 1 MB, this one is ${mb(size)}`);
  }
}

/** Bytes a file adds to the request: base64 for images and PDFs. */
export function requestBytesOf(kind: SniffedFile["kind"], size: number): number {
  return kind === "text" ? size : Math.ceil(size / 3) * 4;
}

/** The files of one message together must fit in one request. */
export function checkMessageLimits(files: { name: string; kind: SniffedFile["kind"]; size: number }[]): void {
  let total = 0;
  for (const file of files) {
    total += requestBytesOf(file.kind, file.size);
    if (total > LIMITS.requestBytes) {
      throw new AttachmentTooLargeError(file.name, `a message's files may be at most 32 MB together once encoded, and with this one they are ${mb(total)}`);
    }
  }
}
