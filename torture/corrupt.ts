/**
 * Ways to break a stored file, as disks, crashes and people do: cut it short, empty it,
 * overwrite bytes with noise.
 */
import { readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import type { Prng } from "./prng";

export function truncateFile(file: string, keepBytes: number): void {
  truncateSync(file, Math.max(0, Math.min(keepBytes, statSync(file).size)));
}

/** Overwrite `count` bytes between `from` and `to` (default: the whole file) with random bytes. */
export function garbleFile(file: string, prng: Prng, count: number, from = 0, to?: number): void {
  const bytes = readFileSync(file);
  const end = Math.min(to ?? bytes.length, bytes.length);
  for (let i = 0; i < count && end > from; i++) bytes[prng.int(from, end - 1)] = prng.int(0, 255);
  writeFileSync(file, bytes);
}

/** The file's bytes, to show a refused file was left as it was. */
export function fingerprint(file: string): string {
  try {
    return readFileSync(file).toString("base64");
  } catch {
    return "(missing)";
  }
}
