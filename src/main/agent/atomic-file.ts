/**
 * Files that are either the old version or the new one, never half of each: write a
 * temporary file, fsync it, rename it over the old one, fsync the folder. Modes are set
 * explicitly, whatever the umask.
 */
import { open, rename, unlink } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { dirname } from "node:path";

export const FILE_MODE = 0o600;
export const FOLDER_MODE = 0o700;

export async function writeFileAtomic(path: string, content: string, options: { durable?: boolean } = {}): Promise<void> {
  const durable = options.durable ?? true;
  const temp = `${path}.tmp-${randomBytes(6).toString("hex")}`;
  const handle = await open(temp, "wx", FILE_MODE);
  try {
    await handle.chmod(FILE_MODE);
    await handle.writeFile(content, "utf8");
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

/** Write a new file (refusing an existing one), fsynced. */
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
