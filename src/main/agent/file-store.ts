/**
 * FileStore: a folder per State under the given folder.
 *
 *   <folder>/<id>/entries.jsonl   history, append-only (see entries-file.ts)
 *   <folder>/<id>/snapshot.json   the rest of the State, replaced atomically
 *   <folder>/<id>/meta.json       what list() shows, so listing never reads a whole snapshot
 *   <folder>/<id>/lock            the lease of the runner in progress (see file-lease.ts)
 *   <folder>/index.jsonl          a cache of every meta.json, so list() reads one file (see list-index.ts)
 *
 * A kill at any instant leaves a loadable State: entries are appended and fsynced before
 * the snapshot that covers them replaces the old one. A new State is built in a temporary
 * folder and renamed into place, so it exists completely or not at all. Folders are 0700
 * and files 0600, because history holds tool results and messages.
 *
 * Folder names: ids are case-sensitive but some file systems are not, so an uppercase
 * letter is written as "=" and its lowercase form ("Pr42" -> "=pr42"); a name Windows
 * reserves (con, nul, com1, ...) gets a trailing "=". When that name would pass the
 * 255-byte limit of a file name (128 capital letters), the folder is the lowercase id,
 * "~", and which positions are uppercase as hex bits ("ZZ..Z" -> "zz..z~ffff..f").
 */
import { randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, realpathSync } from "node:fs";
import { mkdtemp, readFile, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { FILE_MODE, FOLDER_MODE, syncFolder, writeFileAtomic, writeNewFile } from "./atomic-file";
import { appendEntries, countEntries, entriesHeader, entryLines, readEntries } from "./entries-file";
import { SchemaTooNewError, StateBusyError, StateExistsError, StateNotFoundError, StoreCorruptError } from "./errors";
import { acquireFileLease, isLockHeld } from "./file-lease";
import { appendToIndex, readIndex, rewriteIndex } from "./list-index";
import type { EntryRecord } from "./history";
import { toJsonText } from "./json-check";
import { SNAPSHOT_VERSION, type SavedStateInfo, type Snapshot, type StoredRecord } from "./snapshot";
import { assertStateId } from "./state";
import { type Lease, type ListOptions, Store, type StoredHead, type WriteOptions } from "./store";

const ENTRIES = "entries.jsonl";
const SNAPSHOT = "snapshot.json";
const META = "meta.json";
const LOCK = "lock";
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** The longest file name most file systems allow (bytes; every folder name here is ASCII). */
const NAME_MAX = 255;

export function folderNameOf(id: string): string {
  const name = id.replace(/[A-Z]/g, (c) => `=${c.toLowerCase()}`);
  if (name.length > NAME_MAX) return `${id.toLowerCase()}~${uppercaseMask(id)}`;
  return RESERVED.test(name) ? `${name}=` : name;
}

export function idOfFolderName(name: string): string {
  const tilde = name.indexOf("~");
  if (tilde >= 0) return applyUppercaseMask(name.slice(0, tilde), name.slice(tilde + 1));
  return name.replace(/=$/, "").replace(/=([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Bit i (of hex digit i >> 2, highest bit first) is set when character i is uppercase. */
function uppercaseMask(id: string): string {
  let hex = "";
  for (let i = 0; i < id.length; i += 4) {
    let digit = 0;
    for (let j = 0; j < 4; j++) if (/[A-Z]/.test(id[i + j] ?? "")) digit |= 8 >> j;
    hex += digit.toString(16);
  }
  return hex;
}

function applyUppercaseMask(lower: string, hex: string): string {
  let id = "";
  for (let i = 0; i < lower.length; i++) {
    const digit = Number.parseInt(hex[i >> 2] ?? "0", 16) || 0;
    id += digit & (8 >> (i & 3)) ? lower[i].toUpperCase() : lower[i];
  }
  return id;
}

/** Writes of one State go one after another, even from two FileStore objects on one folder. */
const writeQueues = new Map<string, Promise<unknown>>();

export class FileStore extends Store {
  /** The folder, as an absolute path with links resolved. */
  readonly folder: string;

  constructor(folder: string) {
    super();
    if (typeof folder !== "string" || folder === "") throw new TypeError("new FileStore(folder) needs a folder path.");
    const created = mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
    if (created !== undefined) chmodSync(folder, FOLDER_MODE);
    this.folder = realpathSync(folder);
  }

  override get storeKey(): string {
    return `file:${this.folder}`;
  }

  override describe(): string {
    return `FileStore(${this.folder})`;
  }

  private stateFolder(stateId: string): string {
    assertStateId(stateId);
    return join(this.folder, folderNameOf(stateId));
  }

  override write(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions): Promise<void> {
    const folder = this.stateFolder(stateId);
    return this.serially(folder, () => (options.create ? this.create(stateId, folder, entries, snapshot) : this.update(stateId, folder, entries, snapshot)));
  }

  private async create(stateId: string, folder: string, entries: EntryRecord[], snapshot: Snapshot | null): Promise<void> {
    if (!snapshot) throw new TypeError("The first write of a State (create: true) needs its snapshot.");
    if (await exists(folder)) throw new StateExistsError(stateId);
    const temp = await mkdtemp(join(this.folder, ".create-"));
    try {
      chmodSync(temp, FOLDER_MODE);
      await writeNewFile(join(temp, ENTRIES), entriesHeader() + entryLines(entries));
      await writeNewFile(join(temp, SNAPSHOT), snapshotText(snapshot));
      await writeNewFile(join(temp, META), JSON.stringify(metaOf(snapshot)));
      await syncFolder(temp);
      try {
        await rename(temp, folder);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOTEMPTY" || code === "EEXIST" || ((code === "EPERM" || code === "EACCES") && (await exists(folder)))) {
          throw new StateExistsError(stateId);
        }
        throw error;
      }
    } catch (error) {
      await rm(temp, { recursive: true, force: true }).catch(() => undefined);
      throw error;
    }
    await syncFolder(this.folder);
    await appendToIndex(this.folder, [metaOf(snapshot)]);
  }

  private async update(stateId: string, folder: string, entries: EntryRecord[], snapshot: Snapshot | null): Promise<void> {
    if (!(await exists(join(folder, SNAPSHOT)))) throw new StateNotFoundError(stateId);
    if (entries.length > 0) await appendEntries(join(folder, ENTRIES), entries);
    if (snapshot) {
      await writeFileAtomic(join(folder, SNAPSHOT), snapshotText(snapshot));
      // meta.json only speeds up list(); after a power cut list() falls back to the snapshot.
      await writeFileAtomic(join(folder, META), JSON.stringify(metaOf(snapshot)), { durable: false });
      await appendToIndex(this.folder, [metaOf(snapshot)]);
    }
  }

  override async read(stateId: string): Promise<StoredRecord | null> {
    const folder = this.stateFolder(stateId);
    const found = await stat(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!found) return null;
    if (!found.isDirectory()) throw new StoreCorruptError(folder, "it is a file, not a State's folder");
    const snapshot = await readSnapshot(join(folder, SNAPSHOT));
    const entries = await readEntries(join(folder, ENTRIES));
    return { entries, snapshot };
  }

  /** The snapshot and the entry count, reading only the history file's tail. */
  override async readHead(stateId: string): Promise<StoredHead | null> {
    const folder = this.stateFolder(stateId);
    if (!(await exists(folder))) return null;
    return { snapshot: await readSnapshot(join(folder, SNAPSHOT)), entryCount: await countEntries(join(folder, ENTRIES)) };
  }

  override async list(options: ListOptions = {}): Promise<SavedStateInfo[]> {
    const names = (await readdir(this.folder, { withFileTypes: true }))
      .filter((d) => d.isDirectory() && !d.name.startsWith("."))
      .map((d) => d.name);
    const index = await readIndex(this.folder);
    const infos: SavedStateInfo[] = [];
    const missing: string[] = [];
    for (const name of names) {
      const id = idOfFolderName(name);
      // A folder the store did not name (say "foo~" beside "foo") must not list that State twice.
      const info = folderNameOf(id) === name ? index.infos.get(id) : undefined;
      if (info) infos.push(info);
      else missing.push(name);
    }
    const healed: SavedStateInfo[] = [];
    for (let i = 0; i < missing.length; i += 64) {
      const found = await Promise.all(missing.slice(i, i + 64).map((name) => this.infoOf(name)));
      for (const info of found) if (info) healed.push(info);
    }
    for (const info of healed) infos.push(info);
    if (index.lines > 2 * infos.length + 1000) await rewriteIndex(this.folder, infos);
    else await appendToIndex(this.folder, healed);
    infos.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.id < b.id ? -1 : 1));
    const offset = options.offset ?? 0;
    return infos.slice(offset, options.limit === undefined ? undefined : offset + options.limit);
  }

  /** A folder's list line: meta.json, or the snapshot when meta.json is missing or broken. */
  private async infoOf(name: string): Promise<SavedStateInfo | null> {
    const folder = join(this.folder, name);
    try {
      const meta = JSON.parse(await readFile(join(folder, META), "utf8"));
      if (meta && typeof meta.id === "string" && typeof meta.updatedAt === "string") return meta as SavedStateInfo;
    } catch {
      // fall back to the snapshot
    }
    try {
      return metaOf(await readSnapshot(join(folder, SNAPSHOT)));
    } catch {
      return null; // not a State folder, or broken: load(id) reports why
    }
  }

  override async delete(stateId: string): Promise<void> {
    const folder = this.stateFolder(stateId);
    await this.serially(folder, async () => {
      if (!(await exists(folder))) return;
      const lock = isLockHeld(join(folder, LOCK));
      if (lock.held) throw new StateBusyError(stateId, lock.holder);
      // Not named after the State: a folder name may already be 255 bytes long.
      const doomed = join(this.folder, `.deleting-${randomUUID()}`);
      await rename(folder, doomed);
      await syncFolder(this.folder);
      await rm(doomed, { recursive: true, force: true });
    });
  }

  override acquireLease(stateId: string): Lease {
    return acquireFileLease(join(this.stateFolder(stateId), LOCK), stateId);
  }

  private serially<T>(folder: string, work: () => Promise<T>): Promise<T> {
    const previous = writeQueues.get(folder) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    writeQueues.set(folder, settled);
    void settled.then(() => {
      if (writeQueues.get(folder) === settled) writeQueues.delete(folder);
    });
    return next;
  }
}

function snapshotText(snapshot: Snapshot): string {
  return toJsonText(snapshot, `The snapshot of State ${snapshot.id}`);
}

function metaOf(snapshot: Snapshot): SavedStateInfo {
  return {
    id: snapshot.id,
    task: snapshot.task,
    title: snapshot.title,
    createdAt: snapshot.createdAt,
    updatedAt: snapshot.updatedAt,
    stoppedBy: snapshot.stoppedBy,
    entryCount: snapshot.entryCount,
  };
}

async function readSnapshot(path: string): Promise<Snapshot> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new StoreCorruptError(path, "the file is missing");
    throw error;
  }
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(text);
  } catch (error) {
    throw new StoreCorruptError(path, "it is not valid JSON", { cause: error });
  }
  if (!snapshot || typeof snapshot !== "object") throw new StoreCorruptError(path, "it is not a snapshot");
  if (typeof snapshot.version === "number" && snapshot.version > SNAPSHOT_VERSION) {
    throw new SchemaTooNewError(path, snapshot.version, SNAPSHOT_VERSION);
  }
  return snapshot;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

export { FILE_MODE, FOLDER_MODE };
