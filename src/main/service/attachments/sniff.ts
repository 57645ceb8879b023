/**
 * What a file is, from its bytes (never its name): PNG, JPEG, GIF and WebP images with
 * their pixel size, PDF documents with a page count estimate, and text (UTF-8 without
 * NUL bytes). Anything else is refused with the file's name in the message.
 */
import { UnsupportedAttachmentError } from "./attachment-errors";

export type SniffedFile =
  | { kind: "image"; mediaType: "image/png" | "image/jpeg" | "image/gif" | "image/webp"; width: number; height: number }
  | { kind: "pdf"; mediaType: "application/pdf"; pages: number }
  | { kind: "text"; mediaType: "text/plain" };

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

export function sniffFile(bytes: Uint8Array, name: string): SniffedFile {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && bytes.length >= 24) {
    return { kind: "image", mediaType: "image/png", width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const size = jpegSize(bytes, view);
    if (size) return { kind: "image", mediaType: "image/jpeg", ...size };
  }
  if ((ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") && bytes.length >= 10) {
    return { kind: "image", mediaType: "image/gif", width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") {
    const size = webpSize(bytes, view);
    if (size) return { kind: "image", mediaType: "image/webp", ...size };
  }
  if (ascii(bytes, 0, 5) === "%PDF-") return { kind: "pdf", mediaType: "application/pdf", pages: pdfPages(bytes) };
  if (isText(bytes)) return { kind: "text", mediaType: "text/plain" };
  throw new UnsupportedAttachmentError(name);
}

/** Width and height from the first start-of-frame marker. */
function jpegSize(bytes: Uint8Array, view: DataView): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array, view: DataView): { width: number; height: number } | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 " && bytes.length >= 30) return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === "VP8L" && bytes.length >= 25) {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X" && bytes.length >= 30) {
    const width = 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16));
    const height = 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16));
    return { width, height };
  }
  return null;
}

/** Pages counted by their "/Type /Page" objects (good enough for the API's page limit). */
function pdfPages(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
