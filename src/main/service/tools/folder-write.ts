/**
 * Writing a file that cannot leave the chosen folder, even while another process swaps a
 * folder in its path for a link. On Linux each folder of the path is opened from the one
 * before it without following links (O_NOFOLLOW through /proc/self/fd, the way openat
 * works), the content goes to a temporary file created there (O_CREAT|O_EXCL|O_NOFOLLOW),
 * which is renamed over the target in that same opened folder. Before and after the rename
 * the opened folder must still be where the path says (its real path, and the same device
 * and inode as the path resolves to), and after it the path must lead to the file written.
 * A write that cannot be proven inside is refused and leaves nothing behind. Elsewhere the
 * same checks are made by path (without the opened folder).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { FolderNotFileError, NameTooLongError, SymbolicLinkRefusedError } from "./folder-guard";

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL } = fs.constants;
/** Not every platform has these (Windows has neither); there the checks by path stand alone. */
const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = fs.constants.O_DIRECTORY ?? 0;
const BY_OPENED_FOLDER = process.platform === "linux" && fs.existsSync("/proc/self/fd");

export class WriteNotProvenError extends Error {
  override name = "WriteNotProvenError";
  constructor(requested: string, why: string) {
    super(`"${requested}" was not written: ${why}, so Alpine could not prove the file would be inside the chosen folder. Nothing was written; try again once the folder is settled.`);
  }
}

/** The folder that holds the target, opened without following links (or, elsewhere, its path). */
class TargetFolder {
  private constructor(
    readonly expected: string,
    private readonly fd: number | null,
  ) {}

  static open(root: string, parts: string[], requested: string): TargetFolder {
    const expected = path.join(root, ...parts);
    if (!BY_OPENED_FOLDER) return new TargetFolder(expected, null);
    let fd = openFolder(root, requested);
    try {
      for (const part of parts) {
        const next = openFolder(`/proc/self/fd/${fd}/${part}`, requested);
        fs.closeSync(fd);
        fd = next;
      }
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
    return new TargetFolder(expected, fd);
  }

  /** How a name in this folder is reached: through the opened folder, never through the path. */
  child(name: string): string {
    return this.fd === null ? path.join(this.expected, name) : `/proc/self/fd/${this.fd}/${name}`;
  }

  /** The opened folder is still at its path (its real path, and the path leads to it); by path: no link in it. */
  stillInPlace(): boolean {
    try {
      if (this.fd === null) return fs.realpathSync(this.expected) === this.expected;
      if (fs.readlinkSync(`/proc/self/fd/${this.fd}`) !== this.expected) return false;
      return sameFile(fs.fstatSync(this.fd, { bigint: true }), fs.statSync(this.expected, { bigint: true }));
    } catch {
      return false;
    }
  }

  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
  }
}

function openFolder(at: string, requested: string): number {
  try {
    return fs.openSync(at, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "ENOTDIR") throw new WriteNotProvenError(requested, "a folder in its path is a link or not a folder");
    throw error;
  }
}

function sameFile(a: fs.BigIntStats, b: fs.BigIntStats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** What the target holds now: its text, or null when there is none (a link or a folder is refused). */
export function readTarget(root: string, relative: string, requested: string): string | null {
  const parts = relative.split(path.sep);
  const name = parts.pop()!;
  const folder = TargetFolder.open(root, parts, requested);
  try {
    const fd = fs.openSync(folder.child(name), O_RDONLY | O_NOFOLLOW);
    try {
      return fs.readFileSync(fd, "utf8");
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    if (code === "ELOOP") throw new SymbolicLinkRefusedError(requested);
    if (code === "EISDIR") throw new FolderNotFileError(requested);
    if (code === "ENAMETOOLONG") throw new NameTooLongError(requested);
    throw error;
  } finally {
    folder.close();
  }
}

/**
 * Write `content` as `relative` (inside `root`, a real path): created beside it, flushed,
 * renamed over it, then checked to be there. Throws WriteNotProvenError (leaving nothing)
 * when the folder changed under the write.
 */
export function writeInsideFolder(root: string, relative: string, content: string, requested: string): void {
  const parts = relative.split(path.sep);
  const name = parts.pop()!;
  const folder = TargetFolder.open(root, parts, requested);
  const temporary = folder.child(`.alpine-${randomBytes(6).toString("hex")}.tmp`);
  let written: fs.BigIntStats | null = null;
  try {
    const fd = fs.openSync(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644);
    try {
      fs.writeFileSync(fd, content, "utf8");
      fs.fsyncSync(fd);
      written = fs.fstatSync(fd, { bigint: true });
    } finally {
      fs.closeSync(fd);
    }
    if (!folder.stillInPlace()) throw new WriteNotProvenError(requested, "a folder in its path was moved or replaced while it was written");
    fs.renameSync(temporary, folder.child(name));
    if (!folder.stillInPlace() || !leadsTo(path.join(root, relative), written)) {
      removeIfOurs(folder.child(name), written);
      throw new WriteNotProvenError(requested, "a folder in its path was moved or replaced while it was written");
    }
  } catch (error) {
    if (written) removeIfOurs(temporary, written);
    else fs.rmSync(temporary, { force: true });
    throw error;
  } finally {
    folder.close();
  }
}

/** The path, as written (links followed), leads to the file written. */
function leadsTo(target: string, written: fs.BigIntStats): boolean {
  try {
    return sameFile(fs.lstatSync(target, { bigint: true }), written);
  } catch {
    return false;
  }
}

/** Remove what this write made, and nothing another process put there since. */
function removeIfOurs(at: string, written: fs.BigIntStats): void {
  try {
    if (sameFile(fs.lstatSync(at, { bigint: true }), written)) fs.unlinkSync(at);
  } catch {
    // gone already
  }
}
