/**
 * A checksum after each history line (`<json>\t<8 hex digits>`) and before the snapshot's
 * JSON (`<8 hex digits>\t<json>`), FileStore format 3. JSON text never holds a raw tab, so
 * the tab is where the checksum starts or ends. The snapshot's comes first so that a file cut
 * short keeps it: a cut cannot turn a checked snapshot into one that looks older. Noise inside a text still parses as JSON; with the checksum it
 * is named as damage instead of read as data. The hash is CRC-32 (zlib's: fast enough to check every line of every load).
 */
import { crc32 } from "node:zlib";

const TAB = "\t";
const DIGITS = 8;
const TAB_BYTE = 0x09;
/** A checked line's tail: the tab and the checksum's hex digits. */
export const CHECKSUM_TAIL_BYTES = DIGITS + 1;

export function textChecksum(json: string): string {
  return crc32(json).toString(16).padStart(DIGITS, "0");
}

/** The same checksum as a number (what a line's hex digits read as). */
export function textChecksumValue(json: string): number {
  return crc32(json);
}

/**
 * The checksum a line held in `bytes` [start, end) ends with (a tab, then 8 lowercase hex
 * digits), read straight from the bytes; -1 when the line does not end so (written before
 * format 3, or damaged: `checkText` on its text decides). Reading it from the bytes spares
 * a load the strings a split and a formatted checksum would make for every line.
 */
export function trailingChecksum(bytes: Uint8Array, start: number, end: number): number {
  if (end - start < CHECKSUM_TAIL_BYTES || bytes[end - CHECKSUM_TAIL_BYTES] !== TAB_BYTE) return -1;
  let value = 0;
  for (let i = end - DIGITS; i < end; i++) {
    const c = bytes[i];
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** The JSON text followed by its checksum. */
export function withChecksum(json: string): string {
  return `${json}${TAB}${textChecksum(json)}`;
}

export type CheckedText =
  /** The text carried a checksum and matches it. */
  | { ok: true; json: string; checked: true }
  /** The text carries no checksum (written before format 3). */
  | { ok: true; json: string; checked: false }
  /** The checksum does not match the text. */
  | { ok: false };

/** Split a line (or a snapshot's text without its final newline) into its JSON and checks it. */
export function checkText(text: string): CheckedText {
  const tab = text.lastIndexOf(TAB);
  if (tab < 0) return { ok: true, json: text, checked: false };
  const json = text.slice(0, tab);
  return text.slice(tab + 1) === textChecksum(json) ? { ok: true, json, checked: true } : { ok: false };
}

/** The snapshot's text: its checksum, a tab, its JSON. */
export function withLeadingChecksum(json: string): string {
  return `${textChecksum(json)}${TAB}${json}`;
}

/** A snapshot's text: one written before format 3 starts with its JSON object's brace. */
export function checkLeading(text: string): CheckedText {
  if (text.startsWith("{")) return { ok: true, json: text, checked: false };
  const tab = text.indexOf(TAB);
  if (tab < 0) return { ok: false };
  const json = text.slice(tab + 1);
  return text.slice(0, tab) === textChecksum(json) ? { ok: true, json, checked: true } : { ok: false };
}
