/**
 * Replace a small file so that a crash at any instant leaves either the old or the new
 * content, never a mix: write a temporary file beside it, flush it, rename it over the
 * old one, then flush the folder so the rename itself is durable. Owner-only (0600).
 */
import fs from "node:fs";
import path from "node:path";

export function writeFileAtomically(file: string, content: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = fs.openSync(temporary, "w", 0o600);
  try {
    fs.writeSync(fd, typeof content === "string" ? Buffer.from(content, "utf8") : content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  syncFolder(path.dirname(file));
}

/** Make a rename in `folder` durable. Windows cannot open a folder for fsync; it needs no such step. */
function syncFolder(folder: string): void {
  if (process.platform === "win32") return;
  const fd = fs.openSync(folder, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Create `folder` (and parents) readable by its owner only. */
export function ensurePrivateFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (process.platform !== "win32") fs.chmodSync(folder, 0o700);
}
