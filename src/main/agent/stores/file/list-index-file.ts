/**
 * index.jsonl as one process sees it: the records replayed so far and where the replay
 * stopped (the file's inode, its first line, the byte offset after the last complete line).
 * Catching up reads only what was appended since, by this or any other process; a file
 * replaced by a compaction (another inode, or another first line) is replayed from the start.
 *
 * Appending is one write with O_APPEND, so lines of concurrent writers never interleave.
 * A compaction replaces the file while holding the compaction lock (see
 * list-index-compaction.ts); an append waits while it is held, and checks afterwards that
 * the file it wrote to is still the index: if the file was replaced meanwhile, the lines are
 * written again into the new one (the compaction may have copied them already: a line read
 * twice changes nothing).
 */
import { constants } from "node:fs";
import { type FileHandle, link, open, stat, unlink } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { FILE_MODE } from "../../platform/owner-only";
import { isLockHeld } from "./file-lease";
import { INDEX_VERSION, type IndexRecords, applyLine, headerVersion, indexHeader } from "./list-index-format";

export const INDEX_FILE = "index.jsonl";
export const INDEX_LOCK = "index.lock";

/** How long an append waits for a compaction (the lock of a killed one lapses sooner, see file-lease.ts). */
const COMPACTION_WAIT_MS = 10_000;
/** Appends retried on files replaced under them before giving up (the State's folder stays; a reconcile lists it). */
const APPEND_ATTEMPTS = 20;

export class IndexFile {
  records: IndexRecords = new Map();
  /** The declared version: 1 for a file without header (or no file yet, until one is made). */
  version = 1;
  /** Lines replayed since the file began (the header excluded), readable or not: what a compaction would save. */
  lines = 0;
  /** Bumped whenever `records` may have changed. */
  revision = 0;
  private ino = 0;
  private head: Buffer = Buffer.alloc(0);
  /** Bytes replayed: the end of the last complete line. */
  private offset = 0;
  /** Size and modification time when last replayed: unchanged means nothing to read. */
  private size = 0;
  private mtimeMs = 0;
  private replaying: Promise<unknown> = Promise.resolve();

  constructor(
    readonly path: string,
    readonly lockPath: string,
  ) {}

  /** Whether the file exists and was replayed (false before the first catch-up, or without a file). */
  get loaded(): boolean {
    return this.ino !== 0;
  }

  /** Replay whatever was appended since the last catch-up. */
  catchUp(): Promise<void> {
    return this.exclusively(() => this.catchUpNow());
  }

  /** Run `work` while no catch-up of this object runs (replays must not interleave). */
  exclusively<T>(work: () => Promise<T>): Promise<T> {
    const result = this.replaying.then(work, work);
    this.replaying = result.catch(() => undefined);
    return result;
  }

  private async catchUpNow(): Promise<void> {
    const seen = await stat(this.path).catch(orNullWhenMissing);
    if (!seen) return this.forget(0);
    if (seen.ino === this.ino && seen.size === this.size && seen.mtimeMs === this.mtimeMs) return;
    const handle = await open(this.path, "r").catch(orNullWhenMissing);
    if (!handle) return this.forget(0);
    try {
      await this.replay(handle);
    } finally {
      await handle.close();
    }
  }

  /** Replay the file open as `handle` up to its end (only inside `exclusively`). Returns the offset replayed to. */
  async replay(handle: FileHandle): Promise<number> {
    const { ino, size, mtimeMs } = await handle.stat();
    if (ino !== this.ino || size < this.offset || !(await this.sameHead(handle))) this.forget(ino);
    if (this.version <= INDEX_VERSION) {
      const unread = Buffer.alloc(size - this.offset);
      const { bytesRead } = await handle.read(unread, 0, unread.length, this.offset);
      const end = bytesRead > 0 ? unread.lastIndexOf(0x0a, bytesRead - 1) : -1;
      if (end >= 0) this.replayLines(unread.subarray(0, end + 1));
    }
    // A newer version's lines are left unread (it is not ours to read), but seen.
    this.size = size;
    this.mtimeMs = mtimeMs;
    return this.offset;
  }

  /** Take `text` (complete lines, header first) as the file's whole content: the file a compaction just wrote. */
  adopt(ino: number, text: string, records: IndexRecords): void {
    this.forget(ino);
    const bytes = Buffer.from(text);
    this.head = bytes.subarray(0, bytes.indexOf(0x0a) + 1);
    this.version = INDEX_VERSION;
    this.records = records;
    this.lines = records.size;
    this.offset = this.size = bytes.length;
    this.mtimeMs = -1; // unknown: the next catch-up reads what follows
  }

  /** Append lines (each without its newline). Never writes to an index of a newer version. */
  async append(lines: string[]): Promise<void> {
    if (lines.length === 0) return;
    for (let attempt = 0; attempt < APPEND_ATTEMPTS; attempt++) {
      await waitForCompaction(this.lockPath);
      await this.catchUp();
      if (this.version > INDEX_VERSION) return;
      if (!this.loaded) {
        await createWithHeader(this.path);
        continue;
      }
      const wroteTo = await this.appendTo(lines);
      if (wroteTo === null) continue; // replaced or removed since the catch-up: look again
      const now = await stat(this.path).catch(orNullWhenMissing);
      if (now?.ino === wroteTo) return;
    }
  }

  /** One write at the end of the file replayed last; its inode, or null when that file is no longer the index. */
  private async appendTo(lines: string[]): Promise<number | null> {
    // Without O_CREAT: a file removed meanwhile must be made again with its header, not without.
    const handle = await open(this.path, constants.O_WRONLY | constants.O_APPEND).catch(orNullWhenMissing);
    if (!handle) return null;
    try {
      const { ino, size } = await handle.stat();
      if (ino !== this.ino) return null;
      // Unless the file ends where the replay did, it may end in a torn line: start on a new one.
      const lead = size === this.offset ? "" : "\n";
      await handle.write(`${lead}${lines.join("\n")}\n`);
      return ino;
    } finally {
      await handle.close();
    }
  }

  private async sameHead(handle: FileHandle): Promise<boolean> {
    if (this.offset === 0) return true;
    const first = Buffer.alloc(this.head.length);
    const { bytesRead } = await handle.read(first, 0, first.length, 0);
    return bytesRead === first.length && first.equals(this.head);
  }

  private replayLines(bytes: Buffer): void {
    let start = 0;
    if (this.offset === 0) {
      const firstEnd = bytes.indexOf(0x0a);
      this.head = Buffer.from(bytes.subarray(0, firstEnd + 1));
      const version = headerVersion(bytes.toString("utf8", 0, firstEnd));
      if (version !== null) {
        this.version = version;
        start = firstEnd + 1;
        if (version > INDEX_VERSION) return; // left unread; `offset` stays 0
      }
    }
    // Line by line from the bytes: V8 decodes many short strings far faster than one long one.
    for (let from = start, newline = bytes.indexOf(0x0a, from); newline >= 0; from = newline + 1, newline = bytes.indexOf(0x0a, from)) {
      if (newline === from) continue;
      applyLine(this.records, bytes.toString("utf8", from, newline));
      this.lines++;
    }
    this.offset += bytes.length;
    this.revision++;
  }

  /** Start over: nothing replayed, of the file with inode `ino` (0: no file). */
  private forget(ino: number): void {
    if (this.ino === 0 && ino === 0) return;
    this.ino = ino;
    this.head = Buffer.alloc(0);
    this.records = new Map();
    this.version = 1;
    this.lines = 0;
    this.offset = this.size = this.mtimeMs = 0;
    this.revision++;
  }
}

function orNullWhenMissing(error: NodeJS.ErrnoException): null {
  if (error.code === "ENOENT") return null;
  throw error;
}

/** Wait while another process (or another FileStore object) compacts the index. */
async function waitForCompaction(lockPath: string): Promise<void> {
  const deadline = Date.now() + COMPACTION_WAIT_MS;
  while (isLockHeld(lockPath).held && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * A new index: its header is written before the file appears (a link cannot replace a file
 * another writer made first). Where the file system has no hard links, the header is
 * appended to a file made exclusively; a line another writer slips in first makes the file
 * read as one without header (version 1 rules, which read every line this version writes),
 * until a compaction writes it whole.
 */
async function createWithHeader(path: string): Promise<void> {
  const header = `${indexHeader()}\n`;
  const temp = `${path}.new-${randomBytes(6).toString("hex")}`;
  await writeOwnerOnly(temp, "wx", header);
  try {
    await link(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return;
    await writeOwnerOnly(path, "ax", header).catch((fallback: NodeJS.ErrnoException) => {
      if (fallback.code !== "EEXIST") throw fallback;
    });
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

async function writeOwnerOnly(path: string, flags: string, text: string): Promise<void> {
  const handle = await open(path, flags, FILE_MODE);
  try {
    await handle.chmod(FILE_MODE);
    await handle.write(text);
  } finally {
    await handle.close();
  }
}
