/**
 * entries.jsonl: a State's history, append-only, one JSON entry per line after a header
 * line naming the format and its version. A kill can tear the last line: reading ignores
 * it, and the next append first cuts it away. Appending reads only the file's tail, so a
 * save costs the same however long the history is.
 *
 * From FileStore format 3 the header says `"checksums": true`: every line ends with a
 * checksum of its JSON (checked-line.ts), verified when read. A file written before is read
 * as it is; lines appended to it later carry their checksum.
 */
import { open } from "node:fs/promises";
import { SchemaTooNewError, StoreCorruptError } from "../../errors";
import type { EntryRecord } from "../../state/history";
import { toJsonText } from "../../state/json-check";
import { CHECKSUM_TAIL_BYTES, checkText, textChecksumValue, trailingChecksum, withChecksum } from "./checked-line";

export const ENTRIES_FORMAT = "alpine-history";
export const ENTRIES_VERSION = 1;

/**
 * The header of a new file. A branch's names the seq of its first entry (`from`): its parent
 * holds the ones before. (An older reader ignores the key; it refuses the branch's version 2
 * snapshot before reading its history.)
 */
export function entriesHeader(from = 0): string {
  const header = { format: ENTRIES_FORMAT, version: ENTRIES_VERSION, ...(from === 0 ? {} : { from }), checksums: true };
  return `${JSON.stringify(header)}\n`;
}

export function entryLines(entries: EntryRecord[]): string {
  return entries.map((e) => `${withChecksum(toJsonText(e, `History entry ${e.seq}`))}\n`).join("");
}

interface Header {
  /** The seq of the file's first entry. */
  from: number;
  /** Every line has a checksum (written from format 3 on); else lines may lack one. */
  checksums: boolean;
}

/** Checks the header line; returns the seq of the file's first entry and whether every line has a checksum. */
function checkHeader(line: string, path: string): Header {
  let header: { format?: unknown; version?: unknown; from?: unknown; checksums?: unknown };
  try {
    header = JSON.parse(line);
  } catch {
    throw new StoreCorruptError(path, "its first line is not the history header");
  }
  if (header?.format !== ENTRIES_FORMAT) throw new StoreCorruptError(path, "its first line is not the history header");
  if (typeof header.version !== "number" || header.version > ENTRIES_VERSION) {
    throw new SchemaTooNewError(path, Number(header.version), ENTRIES_VERSION);
  }
  const checksums = header.checksums === true;
  if (header.from === undefined) return { from: 0, checksums };
  if (!Number.isSafeInteger(header.from) || (header.from as number) < 0) throw new StoreCorruptError(path, "its header's first seq is not a whole number");
  return { from: header.from as number, checksums };
}

/** A line's JSON text after its checksum is verified; throws StoreCorruptError naming the line. */
function lineJson(text: string, header: Header, path: string, where: string): string {
  const checked = checkText(text);
  if (!checked.ok) throw new StoreCorruptError(path, `${where} does not match its checksum`);
  if (!checked.checked && header.checksums) throw new StoreCorruptError(path, `${where} has no checksum`);
  return checked.json;
}

/**
 * The JSON text of the line `bytes` [start, end) holds, its checksum verified. A line that
 * ends with a well-formed checksum (every line from format 3 on) is checked without cutting
 * its text apart: its JSON is decoded once and hashed, the checksum read from its last bytes.
 * Any other line goes through `checkText` on its whole text, as it always did.
 */
function lineJsonAt(bytes: Buffer, start: number, end: number, header: Header, path: string, where: string): string {
  const expected = trailingChecksum(bytes, start, end);
  if (expected < 0) return lineJson(bytes.toString("utf8", start, end), header, path, where);
  const json = bytes.toString("utf8", start, end - CHECKSUM_TAIL_BYTES);
  if (textChecksumValue(json) !== expected) throw new StoreCorruptError(path, `${where} does not match its checksum`);
  return json;
}

/**
 * Every complete entry, in order; with `throughSeq`, only those of seq <= throughSeq (a
 * branch's ancestor: the lines after its fork point are neither parsed nor checked, they are
 * not part of the branch). A torn last line (no newline yet) is ignored.
 * Each line is decoded on its own: V8 decodes many short strings far faster than one of
 * megabytes, and parsing line by line beats one parse of the lines joined into an array.
 */
export async function readEntries(path: string, throughSeq = Number.POSITIVE_INFINITY): Promise<EntryRecord[]> {
  const bytes = await readWhole(path);
  const headerEnd = bytes.indexOf(0x0a);
  if (headerEnd < 0) throw new StoreCorruptError(path, "it is empty");
  const header = checkHeader(bytes.toString("utf8", 0, headerEnd), path);
  // Lines are consecutive seqs from the header's first seq.
  const wanted = throughSeq - header.from + 1;
  const entries: EntryRecord[] = [];
  let line = 2;
  for (let start = headerEnd + 1, end = bytes.indexOf(0x0a, start); end >= 0 && entries.length < wanted; start = end + 1, end = bytes.indexOf(0x0a, start), line++) {
    const json = lineJsonAt(bytes, start, end, header, path, `line ${line}`);
    try {
      entries.push(JSON.parse(json));
    } catch {
      throw new StoreCorruptError(path, `line ${line} is not valid JSON`);
    }
  }
  return entries;
}

/**
 * The complete entries of seqs [fromSeq, toSeq), read from the file's end backwards: a
 * page of the newest entries costs that page, not the whole history. Only those lines are
 * parsed. (Lines are consecutive seqs from the header's first seq, so line positions are seqs.)
 */
export async function readEntriesBetween(path: string, fromSeq: number, toSeq: number): Promise<EntryRecord[]> {
  const handle = await open(path, "r");
  try {
    const { end, lastLine, header } = await completeTail(handle, path);
    if (lastLine === null) return [];
    const lastSeq = seqOf(lastLine, header, path);
    const lo = Math.max(header.from, Math.ceil(fromSeq));
    const hi = Math.min(lastSeq + 1, Math.ceil(toSeq));
    if (!(lo < hi)) return [];
    const bytes = await linesFrom(handle, path, end, lastSeq + 1 - lo);
    const entries: EntryRecord[] = [];
    for (let start = 0, stop = bytes.indexOf(0x0a); stop >= 0 && entries.length < hi - lo; start = stop + 1, stop = bytes.indexOf(0x0a, start)) {
      const seq = lo + entries.length;
      const json = lineJsonAt(bytes, start, stop, header, path, `the line of entry ${seq}`);
      let entry: EntryRecord;
      try {
        entry = JSON.parse(json);
      } catch {
        throw new StoreCorruptError(path, `the line of entry ${seq} is not valid JSON`);
      }
      if (entry?.seq !== seq) throw new StoreCorruptError(path, `the line where entry ${seq} belongs holds another seq`);
      entries.push(entry);
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** The last `count` complete lines before `end` (which ends a line), read backwards in growing windows. */
async function linesFrom(handle: import("node:fs/promises").FileHandle, path: string, end: number, count: number): Promise<Buffer> {
  let window = 64 * 1024;
  for (;;) {
    const start = Math.max(0, end - window);
    const buffer = Buffer.allocUnsafe(end - start);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
    if (bytesRead < buffer.length) throw new StoreCorruptError(path, "it was cut short while being read");
    // The newline that ends the line before the first one wanted: count + 1 newlines back from
    // the end, the buffer's last byte being the first. (A negative offset would search from the end.)
    let at = buffer.length - 1;
    let found = 1;
    while (found <= count && at > 0) {
      at = buffer.lastIndexOf(0x0a, at - 1);
      if (at < 0) break;
      found++;
    }
    if (found === count + 1 && at >= 0) return buffer.subarray(at + 1);
    if (start === 0) throw new StoreCorruptError(path, `it holds fewer than ${count} entries`);
    window *= 4;
  }
}

/** The file's bytes in one read (fs.readFile reads in 512 KiB steps, each a trip through the thread pool). */
async function readWhole(path: string): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
      if (bytesRead === 0) break; // cut short meanwhile (not by this store, which only appends)
      filled += bytesRead;
    }
    return bytes.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/**
 * Append the entries whose seq the file does not have yet, then fsync.
 * Entries must continue the file's history without a gap.
 */
export async function appendEntries(path: string, entries: EntryRecord[]): Promise<number> {
  const handle = await open(path, "r+");
  try {
    const { end, lastLine, header } = await completeTail(handle, path);
    const lastSeq = lastLine === null ? header.from - 1 : seqOf(lastLine, header, path);
    const fresh = entries.filter((e) => e.seq > lastSeq);
    if (fresh.length === 0) return 0;
    fresh.forEach((entry, i) => {
      if (entry.seq !== lastSeq + 1 + i) {
        throw new RangeError(`History entries must continue at seq ${lastSeq + 1 + i}, got seq ${entry.seq} (${path}).`);
      }
    });
    const { size } = await handle.stat();
    if (size > end) await handle.truncate(end); // cut a torn last line away
    await handle.write(entryLines(fresh), end, "utf8");
    await handle.sync();
    return fresh.length;
  } finally {
    await handle.close();
  }
}

/** How many complete entries the file has (read from its tail: seq of the last one + 1, less the first seq). */
export async function countEntries(path: string): Promise<number> {
  const handle = await open(path, "r");
  try {
    const { lastLine, header } = await completeTail(handle, path);
    return lastLine === null ? 0 : seqOf(lastLine, header, path) + 1 - header.from;
  } finally {
    await handle.close();
  }
}

function seqOf(line: string, header: Header, path: string): number {
  const json = lineJson(line, header, path, "its last complete line");
  try {
    const seq = JSON.parse(json).seq;
    if (Number.isInteger(seq)) return seq;
  } catch {
    // fall through
  }
  throw new StoreCorruptError(path, "its last complete line is not a history entry");
}

/**
 * Where the complete lines end, and the last complete line (null when it is the header).
 * Reads backwards from the end in growing windows.
 */
async function completeTail(handle: import("node:fs/promises").FileHandle, path: string): Promise<{ end: number; lastLine: string | null; header: Header }> {
  const { size } = await handle.stat();
  let window = 64 * 1024;
  for (;;) {
    const start = Math.max(0, size - window);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    const lastNewline = buffer.lastIndexOf(0x0a);
    if (lastNewline === -1) {
      if (start === 0) throw new StoreCorruptError(path, "it has no complete header line");
      window *= 4;
      continue;
    }
    const end = start + lastNewline + 1;
    const previousNewline = lastNewline === 0 ? -1 : buffer.lastIndexOf(0x0a, lastNewline - 1);
    if (previousNewline === -1 && start > 0) {
      window *= 4;
      continue;
    }
    const line = buffer.subarray(previousNewline + 1, lastNewline).toString("utf8");
    if (previousNewline === -1) {
      return { end, lastLine: null, header: checkHeader(line, path) }; // the only complete line is the header
    }
    return { end, lastLine: line, header: await readHeader(handle, path) };
  }
}

/** The file's header line (at most a few dozen bytes). */
async function readHeader(handle: import("node:fs/promises").FileHandle, path: string): Promise<Header> {
  const buffer = Buffer.alloc(256);
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
  const end = buffer.subarray(0, bytesRead).indexOf(0x0a);
  if (end < 0) throw new StoreCorruptError(path, "its first line is not the history header");
  return checkHeader(buffer.toString("utf8", 0, end), path);
}
