/**
 * Files that are either the old version or the new one, never half of each: write a
 * temporary file under a random name (so two writers never share one), flush it, rename it
 * over the old one, flush the folder. Owner-only, whatever the umask. Async for the stores,
 * sync for small settings files written where no await is possible.
 */
import fs from "node:fs";
import { open, rename, unlink } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { dirname } from "node:path";
import { FILE_MODE } from "./owner-only";

export interface AtomicWriteOptions {
  /** Flush the file and the folder (default true). A cache that is rebuilt after a crash may skip it. */
  durable?: boolean;
}

const temporaryName = (path: string) => `${path}.tmp-${randomBytes(6).toString("hex")}`;

export async function writeFileAtomic(path: string, content: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const durable = options.durable ?? true;
  const temp = temporaryName(path);
  const handle = await open(temp, "wx", FILE_MODE);
  try {
    await handle.chmod(FILE_MODE);
    await handle.writeFile(content);
    if (durable) await handle.sync();
    await handle.close();
    await rename(temp, path);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  if (durable) await syncFolder(dirname(path));
}

export function writeFileAtomicSync(path: string, content: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const durable = options.durable ?? true;
  const temp = temporaryName(path);
  const fd = fs.openSync(temp, "wx", FILE_MODE);
  try {
    if (process.platform !== "win32") fs.fchmodSync(fd, FILE_MODE);
    fs.writeFileSync(fd, content);
    if (durable) fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(temp, path);
  } catch (error) {
    try { fs.closeSync(fd); } catch { /* already closed */ }
    fs.rmSync(temp, { force: true });
    throw error;
  }
  if (durable) syncFolderSync(dirname(path));
}

/** Write a new file (refusing an existing one), flushed. */
export async function writeNewFile(path: string, content: string): Promise<void> {
  const handle = await open(path, "wx", FILE_MODE);
  try {
    await handle.chmod(FILE_MODE);
    await handle.writeFile(content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Make a rename or a new file in `folder` durable. Windows cannot open folders; it needs no such step. */
export async function syncFolder(folder: string): Promise<void> {
  if (process.platform === "win32") return;
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function syncFolderSync(folder: string): void {
  if (process.platform === "win32") return;
  const fd = fs.openSync(folder, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
