/**
 * Bundles unpacked into the data folder, atomically: a bundle is unpacked into a temporary
 * folder beside the others (`.unpacking-…`), every file and folder flushed, then renamed to
 * a folder of its own (`<id>-<random>`). The settings name that folder only once it is
 * complete; an update unpacks the new version to a new folder, switches the settings to it
 * in one atomic write, and only then removes the old one. So a crash or a SIGKILL at any
 * point leaves the settings naming the old bundle or the new one, whole; only named
 * folders are ever started, and whatever else is found here is removed at the next start.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { ZipArchive } from "./zip-archive";

export const BUNDLES_FOLDER = "mcp-bundles";
const UNPACKING = ".unpacking-";

export function bundlesRoot(dataFolder: string): string {
  return path.join(dataFolder, BUNDLES_FOLDER);
}

/** Unpacks the archive whole; returns the new folder's name (inside `root`). `onFile` is told after each file is written. */
export async function unpackBundle(root: string, archive: ZipArchive, id: string, onFile?: (name: string) => void): Promise<string> {
  await fs.mkdir(root, { recursive: true });
  const suffix = randomBytes(6).toString("hex");
  const temp = path.join(root, `${UNPACKING}${id}-${suffix}`);
  await fs.mkdir(temp);
  try {
    const folders = new Set<string>([temp]);
    for (const entry of archive.entries) {
      const target = path.join(temp, ...entry.name.split("/").filter(Boolean));
      if (entry.directory) {
        await fs.mkdir(target, { recursive: true });
        folders.add(target);
        continue;
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      folders.add(path.dirname(target));
      await writeFlushed(target, archive.read(entry), fileMode(entry.mode));
      onFile?.(entry.name);
    }
    for (const folder of folders) await syncFolder(folder);
    const name = `${id}-${suffix}`;
    await fs.rename(temp, path.join(root, name));
    await syncFolder(root);
    return name;
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
}

export async function removeBundleFolder(root: string, name: string): Promise<void> {
  await fs.rm(path.join(root, name), { recursive: true, force: true });
}

/** Removes half-unpacked folders always, and folders no settings name when `keep` is known. */
export async function cleanBundleFolders(root: string, keep: ReadonlySet<string> | null): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(root);
  } catch {
    return [];
  }
  const removed = names.filter((name) => name.startsWith(UNPACKING) || (keep !== null && !keep.has(name)));
  for (const name of removed) await fs.rm(path.join(root, name), { recursive: true, force: true });
  return removed;
}

/** Owner read and write always; execute kept when the archive gave it (binary and script servers). */
function fileMode(mode: number): number {
  return mode & 0o111 ? 0o700 : 0o600;
}

async function writeFlushed(file: string, data: Buffer, mode: number): Promise<void> {
  const handle = await fs.open(file, "wx", mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A rename or new file in `folder` made durable; Windows cannot open folders and needs no such step. */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === "win32") return;
  const handle = await fs.open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
