/**
 * Keeps the file tools inside the folder the person chose: a path is resolved against
 * the folder, and both the path as written and the real path behind any symlinks must
 * stay inside it. Anything else is refused with an error the model can read.
 */
import fs from "node:fs/promises";
import path from "node:path";

export class NoFolderChosenError extends Error {
  override name = "NoFolderChosenError";
  constructor() {
    super("No folder is chosen yet. Ask the person to choose a folder in Alpine's Settings; the file tools work only inside it.");
  }
}

export class PathOutsideFolderError extends Error {
  override name = "PathOutsideFolderError";
  constructor(requested: string) {
    super(`"${requested}" is outside the chosen folder. Only paths inside it can be used; give a path relative to the folder.`);
  }
}

export class NameTooLongError extends Error {
  override name = "NameTooLongError";
  constructor(requested: string) {
    super(`"${requested}" is longer than the file system allows for a name or a path; choose a shorter name.`);
  }
}

export class SymbolicLinkRefusedError extends Error {
  override name = "SymbolicLinkRefusedError";
  constructor(requested: string) {
    super(`"${requested}" is a symbolic link; Alpine does not write through links.`);
  }
}

export class FolderNotFileError extends Error {
  override name = "FolderNotFileError";
  constructor(requested: string) {
    super(`"${requested}" is a folder, not a file.`);
  }
}

export class FolderGuard {
  constructor(private readonly folder: () => string | null) {}

  /** The chosen folder's real path (symlinks of the folder itself resolved). */
  async root(): Promise<string> {
    const folder = this.folder();
    if (!folder) throw new NoFolderChosenError();
    try {
      return await fs.realpath(folder);
    } catch {
      throw new NoFolderChosenError();
    }
  }

  /** The real path of an existing file or folder inside the chosen folder. */
  async existing(requested: string): Promise<{ root: string; real: string }> {
    const root = await this.root();
    const lexical = this.lexical(root, requested);
    let real: string;
    try {
      real = await fs.realpath(lexical);
    } catch {
      throw new Error(`"${requested}" does not exist in the chosen folder. list_files shows what is there.`);
    }
    if (!isInside(root, real)) throw new PathOutsideFolderError(requested);
    return { root, real };
  }

  /**
   * Where a file may be written: its parent must exist inside the folder (after
   * symlinks), and an existing target must not be a symlink (it could point anywhere
   * by the time it is written).
   */
  async writable(requested: string): Promise<{ root: string; target: string }> {
    const root = await this.root();
    const lexical = this.lexical(root, requested);
    if (lexical === root) throw new Error(`"${requested}" is the folder itself; give a file name.`);
    let parent: string;
    try {
      parent = await fs.realpath(path.dirname(lexical));
    } catch {
      throw new Error(`The folder of "${requested}" does not exist. Only files in existing folders can be written.`);
    }
    if (!isInside(root, parent)) throw new PathOutsideFolderError(requested);
    const target = path.join(parent, path.basename(lexical));
    const stat = await fs.lstat(target).catch((error: NodeJS.ErrnoException) => {
      // Only a file that is not there yet is "none": a name over the file system's limit is no new file.
      if (error.code === "ENAMETOOLONG") throw new NameTooLongError(requested);
      return null;
    });
    if (stat?.isSymbolicLink()) throw new SymbolicLinkRefusedError(requested);
    if (stat?.isDirectory()) throw new FolderNotFileError(requested);
    return { root, target };
  }

  /** The path resolved against the folder, before any symlink is followed. */
  private lexical(root: string, requested: string): string {
    if (typeof requested !== "string" || requested.includes("\0")) throw new PathOutsideFolderError(String(requested));
    const resolved = path.resolve(root, requested);
    if (!isInside(root, resolved)) throw new PathOutsideFolderError(requested);
    return resolved;
  }
}

export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** How a path is shown to the model: relative to the folder, with forward slashes. */
export function displayPath(root: string, absolute: string): string {
  const relative = path.relative(root, absolute).split(path.sep).join("/");
  return relative === "" ? "." : relative;
}
