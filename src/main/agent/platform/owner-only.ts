/**
 * Owner-only files and folders: history holds tool results and messages, settings hold
 * secrets. Modes are set explicitly after creating, because `mode` is masked by the umask.
 */
import fs from "node:fs";
import path from "node:path";

export const FILE_MODE = 0o600;
export const FOLDER_MODE = 0o700;

/**
 * Create `folder` and any missing parents, readable by the owner only. Only the folders this
 * call made get their mode set, unless `restrictExisting` asks to make an existing `folder`
 * private too (the app's own data folder; never a folder a library user merely named).
 */
export function ensurePrivateFolder(folder: string, options: { restrictExisting?: boolean } = {}): void {
  const created = fs.mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
  if (process.platform === "win32") return;
  if (created !== undefined) {
    for (let dir = folder; ; dir = path.dirname(dir)) {
      fs.chmodSync(dir, FOLDER_MODE);
      if (dir === created || dir === path.dirname(dir)) break;
    }
  } else if (options.restrictExisting && (fs.statSync(folder).mode & 0o777) !== FOLDER_MODE) {
    fs.chmodSync(folder, FOLDER_MODE);
  }
}
