/**
 * Reads the 100-byte SQLite header with plain file reads, so a file we are going to
 * refuse (garbled, truncated, from a newer Alpine) is never opened by SQLite, which
 * could create -wal/-shm files beside it or write to it.
 */
import fs from "node:fs";
import { StoreCorruptError } from "../../errors";

const MAGIC = Buffer.from("SQLite format 3\u0000", "latin1");
const HEADER_SIZE = 100;

export type DatabaseFileState =
  /** No file (and no write-ahead log left of one): a new database. */
  | { kind: "missing" }
  /** A zero-length file with no write-ahead log: SQLite's own empty database, so a new one. */
  | { kind: "empty" }
  /**
   * A database. `userVersion` is the main file's; with a non-empty write-ahead log
   * (`hotWal`) newer pages may live in the log, so SQLite must be asked for the truth.
   */
  | { kind: "database"; userVersion: number; hotWal: boolean };

function fileSize(file: string): number | null {
  try {
    return fs.statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function readHeader(file: string): Buffer {
  const fd = fs.openSync(file, "r");
  try {
    const header = Buffer.alloc(HEADER_SIZE);
    let read = 0;
    while (read < HEADER_SIZE) {
      const n = fs.readSync(fd, header, read, HEADER_SIZE - read, read);
      if (n === 0) break;
      read += n;
    }
    return header.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/** What is at `file`; throws StoreCorruptError for anything that is not a sound SQLite file. */
export function inspectDatabaseFile(file: string): DatabaseFileState {
  const size = fileSize(file);
  const walSize = fileSize(`${file}-wal`) ?? 0;
  if (size === null) {
    // The log holds the latest saves: starting a new database here would discard it.
    if (walSize > 0) {
      throw new StoreCorruptError(
        file,
        `the database file is missing but its write-ahead log ${file}-wal (${walSize} bytes) is there; ` +
          "put the database file back beside it, or move the log away to start an empty database",
      );
    }
    return { kind: "missing" };
  }
  if (size === 0) {
    if (walSize > 0) throw new StoreCorruptError(file, "the database file is empty but its write-ahead log is not");
    return { kind: "empty" };
  }
  if (size < HEADER_SIZE) throw new StoreCorruptError(file, `truncated: ${size} bytes, shorter than the 100-byte SQLite header`);
  const header = readHeader(file);
  if (header.length < HEADER_SIZE || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new StoreCorruptError(file, "not a SQLite database: the file does not start with the SQLite header");
  }
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
    throw new StoreCorruptError(file, `garbled header: page size ${rawPageSize} is not a power of two from 512 to 65536`);
  }
  const hotWal = walSize > 0;
  // The page count in the header is trustworthy when its "valid-for" number matches the
  // change counter. With a hot log a checkpoint may have stopped half-way, so skip it then.
  const pageCount = header.readUInt32BE(28);
  const countIsValid = header.readUInt32BE(92) === header.readUInt32BE(24) && pageCount > 0;
  if (!hotWal && countIsValid && pageCount * pageSize > size) {
    throw new StoreCorruptError(
      file,
      `truncated: the header counts ${pageCount} pages of ${pageSize} bytes (${pageCount * pageSize} bytes), the file has ${size}`,
    );
  }
  return { kind: "database", userVersion: header.readInt32BE(60), hotWal };
}
