/**
 * The FileStore's format: `<folder>/format.json` says which one a folder holds, and the
 * numbered migrations move an older folder forward (after a backup) when a FileStore opens
 * it. A folder without the file is format 1 (before branches). A newer format is refused
 * and left untouched.
 *
 *   1  States in folders, index.jsonl version 1 or 2, snapshots version 1
 *   2  branches (docs/branches.md): snapshots version 2 name a conversation and a parent,
 *      a branch's entries.jsonl header names its first seq (`from`), and index.jsonl
 *      version 3 lines carry conversation and parent. Every State of format 1 is a root, so
 *      its files are read as they are: migration 002 copies index.jsonl to
 *      `index.jsonl.backup-format-1-<time>` and declares format 2; the index goes on with
 *      version 3 lines, and its next compaction rewrites it as version 3.
 *   3  checksums (checked-line.ts): every history line and every snapshot ends with a
 *      checksum of its JSON, verified when read, so noise inside a text is named as damage.
 *      Files of format 2 are read as they are (a version 1 history header: lines may lack
 *      one; a snapshot without one); the next save of a snapshot writes its checksum, new
 *      lines carry theirs. Migration 003 copies index.jsonl to
 *      `index.jsonl.backup-format-2-<time>` and declares format 3.
 */
import { constants, copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SchemaTooNewError, StoreCorruptError } from "../../errors";
import { writeFileAtomicSync } from "../../platform/atomic-file";

export const FORMAT_FILE = "format.json";
export const FILE_STORE_FORMAT = "alpine-file-store";
export const FILE_STORE_VERSION = 3;

interface FileStoreMigration {
  version: number;
  description: string;
  up(folder: string): void;
}

/** A copy of index.jsonl taken before a migration declares the next format. */
function backupIndex(folder: string, fromVersion: number): void {
  const index = join(folder, "index.jsonl");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  try {
    copyFileSync(index, `${index}.backup-format-${fromVersion}-${stamp}`, constants.COPYFILE_EXCL);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

const MIGRATIONS: FileStoreMigration[] = [
  {
    version: 2,
    description: "branches: States name their conversation and parent; format 1 States are roots, read as they are",
    up: (folder) => backupIndex(folder, 1),
  },
  {
    version: 3,
    description: "checksums on history lines and snapshots; files written before are read as they are",
    up: (folder) => backupIndex(folder, 2),
  },
];

/** The format a folder declares: 1 without format.json. Throws StoreCorruptError for a file that says nothing readable. */
export function readFormatVersion(folder: string): number {
  const path = join(folder, FORMAT_FILE);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 1;
    throw error;
  }
  let found: { format?: unknown; version?: unknown };
  try {
    found = JSON.parse(text);
  } catch (error) {
    throw new StoreCorruptError(path, "it is not valid JSON", { cause: error });
  }
  if (found?.format !== FILE_STORE_FORMAT || typeof found.version !== "number" || !Number.isSafeInteger(found.version) || found.version < 1) {
    throw new StoreCorruptError(path, "it does not name a FileStore format and version");
  }
  return found.version;
}

/** Refuse a newer format (untouched); run the migrations an older folder lacks. `fresh`: the folder was just made. */
export function migrateFileStore(folder: string, fresh: boolean): { from: number; to: number } {
  const from = fresh ? FILE_STORE_VERSION : readFormatVersion(folder);
  if (from > FILE_STORE_VERSION) throw new SchemaTooNewError(join(folder, FORMAT_FILE), from, FILE_STORE_VERSION);
  for (const migration of MIGRATIONS) {
    if (migration.version > from) migration.up(folder);
  }
  if (fresh || from < FILE_STORE_VERSION) writeFormat(folder, FILE_STORE_VERSION);
  return { from, to: FILE_STORE_VERSION };
}

function writeFormat(folder: string, version: number): void {
  writeFileAtomicSync(join(folder, FORMAT_FILE), `${JSON.stringify({ format: FILE_STORE_FORMAT, version })}\n`);
}
