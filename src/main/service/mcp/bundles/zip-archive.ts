/**
 * A zip file's entries, read from its central directory, each checked before a byte of it
 * is unpacked: its path stays inside the folder it goes to, it is no symbolic link, and its
 * size and compression ratio are within bounds (bundle-limits.ts). Entries are inflated
 * with Node's zlib, never past the size their header declares, and their CRC-32 checked,
 * so a header that lies about a size is caught too. ZIP format: PKWARE APPNOTE.TXT.
 */
import path from "node:path";
import zlib from "node:zlib";
import { BundleLinkError, BundleNotReadableError, BundlePathOutsideError, BundleTooLargeError } from "./bundle-errors";
import { type BundleLimits, DEFAULT_BUNDLE_LIMITS, formatBytes } from "./bundle-limits";

export interface ZipEntry {
  /** The path inside the archive, always with `/`. */
  name: string;
  directory: boolean;
  /** Unix permission bits when the archive was made on Unix (0 otherwise). */
  mode: number;
  compressedSize: number;
  size: number;
  method: number;
  crc: number;
  localHeader: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export class ZipArchive {
  readonly entries: ZipEntry[];

  constructor(
    private readonly data: Buffer,
    private readonly limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
  ) {
    if (data.length > limits.maxFileBytes) throw new BundleTooLargeError(`the file is ${formatBytes(data.length)}, more than the ${formatBytes(limits.maxFileBytes)} a bundle may be.`);
    this.entries = readCentralDirectory(data);
    checkEntries(this.entries, limits);
  }

  entry(name: string): ZipEntry | undefined {
    return this.entries.find((e) => e.name === name);
  }

  /** The entry's bytes: inflated to at most its declared size, CRC-32 checked. */
  read(entry: ZipEntry): Buffer {
    const at = entry.localHeader;
    if (at + 30 > this.data.length || this.data.readUInt32LE(at) !== LOCAL) throw new BundleNotReadableError(`the entry ${JSON.stringify(entry.name)} is damaged.`);
    const start = at + 30 + this.data.readUInt16LE(at + 26) + this.data.readUInt16LE(at + 28);
    const raw = this.data.subarray(start, start + entry.compressedSize);
    if (raw.length !== entry.compressedSize) throw new BundleNotReadableError(`the entry ${JSON.stringify(entry.name)} is cut short.`);
    let out: Buffer;
    try {
      out = entry.method === 0 ? Buffer.from(raw) : zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw new BundleTooLargeError(`the entry ${JSON.stringify(entry.name)} unpacks to more than the ${formatBytes(entry.size)} its header declares.`);
      throw new BundleNotReadableError(`the entry ${JSON.stringify(entry.name)} could not be decompressed (${(error as Error).message}).`);
    }
    if (out.length !== entry.size || zlib.crc32(out) !== entry.crc) throw new BundleNotReadableError(`the entry ${JSON.stringify(entry.name)} does not match its checksum.`);
    return out;
  }
}

function readCentralDirectory(data: Buffer): ZipEntry[] {
  const end = findEndRecord(data);
  const count = data.readUInt16LE(end + 10);
  const size = data.readUInt32LE(end + 12);
  let at = data.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || at === 0xffffffff) throw new BundleNotReadableError("it is a ZIP64 archive, which bundles never need.");
  if (at + size > data.length) throw new BundleNotReadableError("its table of contents is cut short.");
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw new BundleNotReadableError("its table of contents is damaged.");
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const nameLength = data.readUInt16LE(at + 28);
    const name = data.subarray(at + 46, at + 46 + nameLength).toString("utf8").replaceAll("\\", "/");
    if (flags & 1) throw new BundleNotReadableError(`the entry ${JSON.stringify(name)} is encrypted.`);
    if (method !== 0 && method !== 8) throw new BundleNotReadableError(`the entry ${JSON.stringify(name)} uses a compression (method ${method}) other than deflate.`);
    const madeOnUnix = data.readUInt8(at + 5) === 3;
    const mode = madeOnUnix ? data.readUInt32LE(at + 38) >>> 16 : 0;
    entries.push({
      name,
      directory: name.endsWith("/"),
      mode,
      method,
      crc: data.readUInt32LE(at + 16),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localHeader: data.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
}

function findEndRecord(data: Buffer): number {
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === EOCD) return at;
  }
  throw new BundleNotReadableError("it is not a zip archive.");
}

function checkEntries(entries: ZipEntry[], limits: BundleLimits): void {
  if (entries.length > limits.maxEntries) throw new BundleTooLargeError(`it holds ${entries.length} files, more than the ${limits.maxEntries} a bundle may hold.`);
  let total = 0;
  const seen = new Set<string>();
  for (const entry of entries) {
    checkPath(entry.name);
    if ((entry.mode & S_IFMT) === S_IFLNK) throw new BundleLinkError(entry.name);
    if (seen.has(entry.name)) throw new BundleNotReadableError(`the entry ${JSON.stringify(entry.name)} appears twice.`);
    seen.add(entry.name);
    if (entry.size > limits.maxEntryBytes) throw new BundleTooLargeError(`the file ${JSON.stringify(entry.name)} unpacks to ${formatBytes(entry.size)}, more than the ${formatBytes(limits.maxEntryBytes)} one file of a bundle may be.`);
    if (entry.size > limits.ratioCheckFromBytes && entry.size > entry.compressedSize * limits.maxRatio) {
      throw new BundleTooLargeError(`the file ${JSON.stringify(entry.name)} would grow ${Math.round(entry.size / Math.max(1, entry.compressedSize))} times when unpacked, the mark of a zip bomb.`);
    }
    total += entry.size;
  }
  if (total > limits.maxTotalBytes) throw new BundleTooLargeError(`its files unpack to ${formatBytes(total)} in all, more than the ${formatBytes(limits.maxTotalBytes)} a bundle may take.`);
}

/** Relative, no `..`, no drive letter, no NUL: the entry stays in the folder it is unpacked into. */
function checkPath(name: string): void {
  const parts = name.split("/");
  const unsafe = name === "" || name.includes("\0") || name.startsWith("/") || /^[A-Za-z]:/.test(name) || parts.some((p) => p === "..") || path.posix.normalize(name).startsWith("../");
  if (unsafe) throw new BundlePathOutsideError(name);
}
