/**
 * Compaction of index.jsonl: once its dead lines (States saved again, deleted, or unreadable
 * lines) outnumber the live ones by DEAD_PER_LIVE, it is rewritten with one line per State,
 * atomically (a new file renamed over it), so it stays a few times the size of what list()
 * shows however many saves there were.
 *
 * Other processes append without a lock, so the compaction (holding the compaction lock,
 * which appends wait for) copies into the new file whatever they appended to the old one
 * after it was read; an append that lands in the old file after that copy sees the file was
 * replaced and writes its lines again (see list-index-file.ts). The folders are checked as
 * well: a State whose folder is gone is left out, one whose folder the index lacks is added.
 */
import { constants } from "node:fs";
import { type FileHandle, open, readdir, rename, unlink } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { FILE_MODE } from "../../platform/owner-only";
import { StateBusyError, StateNotFoundError } from "../../errors";
import { acquireFileLease } from "./file-lease";
import { folderNameOf, stateIdOfFolder } from "./folder-names";
import type { IndexFile } from "./list-index-file";
import { INDEX_VERSION, type IndexRecords, indexHeader, wholeLine } from "./list-index-format";
import { readListInfo } from "./snapshot-file";
import type { Lease } from "../store";

/** Compact when dead lines exceed this many per live one... */
const DEAD_PER_LIVE = 2;
/** ...and this many, so a store of a few States is not rewritten every few saves. */
const MIN_DEAD_LINES = 64;

export function compactionDue(file: IndexFile): boolean {
  const live = file.records.size;
  return file.lines - live > Math.max(DEAD_PER_LIVE * live, MIN_DEAD_LINES);
}

/** Rewrite the index compactly. False when another process is compacting it or it is of a newer version. */
export async function compactIndex(file: IndexFile, storeFolder: string): Promise<boolean> {
  let lock: Lease;
  try {
    lock = acquireFileLease(file.lockPath, "index.jsonl");
  } catch (error) {
    if (error instanceof StateBusyError || error instanceof StateNotFoundError) return false;
    throw error;
  }
  try {
    return await file.exclusively(() => rewrite(file, storeFolder));
  } finally {
    await lock.release();
  }
}

async function rewrite(file: IndexFile, storeFolder: string): Promise<boolean> {
  const old = await open(file.path, "r").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (!old) return false;
  try {
    const replayedTo = await file.replay(old);
    if (file.version > INDEX_VERSION) return false;
    // Read after the replay: the folder of every State the replay listed was in place before its line was written.
    const records = await matchFolders(storeFolder, file.records);
    const text = `${indexHeader()}\n${[...records.values()].map((info) => `${wholeLine(info)}\n`).join("")}`;
    const ino = await replaceFile(file.path, text);
    await copyLinesAppendedSince(old, replayedTo, file.path);
    file.adopt(ino, text, records);
    return true;
  } finally {
    await old.close();
  }
}

/** The records of the States whose folder exists, and a record for each State folder the index lacks. */
async function matchFolders(storeFolder: string, listed: IndexRecords): Promise<IndexRecords> {
  const records: IndexRecords = new Map();
  const unlisted: string[] = [];
  for (const entry of await readdir(storeFolder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const id = stateIdOfFolder(entry.name);
    if (id === null) continue;
    const info = listed.get(id);
    if (info) records.set(id, info);
    else unlisted.push(id);
  }
  for (const id of unlisted) {
    const info = await readListInfo(join(storeFolder, folderNameOf(id)));
    if (info?.id === id) records.set(id, info);
  }
  return records;
}

/** Write `text` to a new file and rename it over `path`; the new file's inode. */
async function replaceFile(path: string, text: string): Promise<number> {
  const temp = `${path}.tmp-${randomBytes(6).toString("hex")}`;
  const handle = await open(temp, "wx", FILE_MODE);
  try {
    await handle.chmod(FILE_MODE);
    await handle.writeFile(text, "utf8");
    const { ino } = await handle.stat();
    await handle.close();
    await rename(temp, path);
    return ino;
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** The complete lines appended to the replaced file after `from`, appended to the new one. */
async function copyLinesAppendedSince(old: FileHandle, from: number, path: string): Promise<void> {
  const { size } = await old.stat();
  if (size <= from) return;
  const tail = Buffer.alloc(size - from);
  const { bytesRead } = await old.read(tail, 0, tail.length, from);
  const end = bytesRead > 0 ? tail.lastIndexOf(0x0a, bytesRead - 1) : -1;
  if (end < 0) return; // only a line still being written: its writer writes it again into the new file
  const handle = await open(path, constants.O_WRONLY | constants.O_APPEND);
  try {
    await handle.write(tail.subarray(0, end + 1));
  } finally {
    await handle.close();
  }
}
