/** Files around a SQLite database in tests: fixture copies, hashes, companions, backups. */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "fixtures", "sqlite");

/** Copy the frozen fixture of schema `version` into `folder` (fixtures are never opened in place). */
export function copyFixture(version: number, folder: string, name = "alpine.sqlite3"): string {
  const target = path.join(folder, name);
  fs.copyFileSync(path.join(FIXTURES, `v${version}.sqlite3-fixture`), target);
  return target;
}

export function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/** Every file in the database's folder, with its hash: what must not change when a file is refused. */
export function folderState(file: string): Record<string, string> {
  const folder = path.dirname(file);
  return Object.fromEntries(fs.readdirSync(folder).sort().map((name) => [name, sha256(path.join(folder, name))]));
}

export function modeOf(file: string): string {
  return (fs.statSync(file).mode & 0o777).toString(8);
}

/** Backup copies taken before migrations: `<file>.backup-v<N>-<time>`. */
export function backupsOf(file: string): string[] {
  const base = path.basename(file);
  return fs
    .readdirSync(path.dirname(file))
    .filter((name) => name.startsWith(`${base}.backup-`))
    .map((name) => path.join(path.dirname(file), name));
}
