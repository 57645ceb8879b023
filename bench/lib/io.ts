/**
 * Bytes on disk and bytes written. `writtenBytes` reads the kernel's count of bytes this
 * process passed to write() (all threads, so libuv's pool is included): the true write
 * volume of a save, whatever files it touches.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Bytes this process has written so far (Linux /proc/self/io `wchar`); null where unavailable. */
export function writtenBytes(): number | null {
  try {
    const match = /^wchar:\s*(\d+)$/m.exec(readFileSync("/proc/self/io", "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Apparent size of a file, or of every file under a folder (0 when missing). */
export function sizeOnDisk(target: string): number {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.size;
  let total = 0;
  for (const name of readdirSync(target)) total += sizeOnDisk(path.join(target, name));
  return total;
}

/** Sum of the sizes of several files or folders. */
export function totalSize(targets: readonly string[]): number {
  return targets.reduce((sum, target) => sum + sizeOnDisk(target), 0);
}

/** Bytes under a folder, summed per file name (every `entries.jsonl` together, and so on). */
export function sizeByFileName(folder: string): Map<string, number> {
  const sizes = new Map<string, number>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else sizes.set(entry.name, (sizes.get(entry.name) ?? 0) + statSync(full).size);
    }
  };
  walk(folder);
  return sizes;
}
