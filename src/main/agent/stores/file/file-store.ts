/**
 * FileStore: a folder per State under the given folder.
 *
 *   <folder>/<id>/entries.jsonl   history, append-only (see entries-file.ts)
 *   <folder>/<id>/snapshot.json   the rest of the State, replaced atomically (see snapshot-file.ts)
 *   <folder>/<id>/lock            the lease of the runner in progress (see file-lease.ts)
 *   <folder>/index.jsonl          what list() shows of every State, appended by each save (see list-index.ts)
 *
 * A kill at any instant leaves a loadable State: entries are appended and fsynced before
 * the snapshot that covers them replaces the old one. A new State is built in a temporary
 * folder and renamed into place, so it exists completely or not at all. Folders are 0700
 * and files 0600, because history holds tool results and messages. Folder names: see
 * folder-names.ts. (Earlier versions also wrote <id>/meta.json; it is only read when a
 * folder's snapshot cannot be.)
 */
import { randomUUID } from "node:crypto";
import { chmodSync, readdirSync, realpathSync } from "node:fs";
import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { syncFolder, writeFileAtomic, writeNewFile } from "../../platform/atomic-file";
import { FILE_MODE, FOLDER_MODE, ensurePrivateFolder } from "../../platform/owner-only";
import { appendEntries, countEntries, entriesHeader, entryLines, readEntries, readEntriesBetween } from "./entries-file";
import { StateBusyError, StateExistsError, StateNotFoundError, StoreCorruptError } from "../../errors";
import { acquireFileLease, assertFileLeaseHeld, isLockHeld } from "./file-lease";
import { folderNameOf, idOfFolderName } from "./folder-names";
import { ListIndex } from "./list-index";
import { migrateFileStore } from "./store-format";
import type { EntryRecord } from "../../state/history";
import { SNAPSHOT_FILE, listInfoOf, readSnapshot, snapshotText } from "./snapshot-file";
import type { SavedStateInfo, Snapshot, StoredRecord } from "../../state/snapshot";
import { assertStateId } from "../../state/state";
import { type Lease, type ListOptions, Store, type StoredHead, type WriteOptions } from "../store";

const ENTRIES = "entries.jsonl";
const SNAPSHOT = SNAPSHOT_FILE;
const LOCK = "lock";

export { folderNameOf, idOfFolderName };

/** Writes of one State go one after another, even from two FileStore objects on one folder. */
const writeQueues = new Map<string, Promise<unknown>>();

export class FileStore extends Store {
  /** The folder, as an absolute path with links resolved. */
  readonly folder: string;
  private readonly index: ListIndex;
  /** What opening did to the folder's format (store-format.ts). */
  readonly format: { from: number; to: number };

  constructor(folder: string) {
    super();
    if (typeof folder !== "string" || folder === "") throw new TypeError("new FileStore(folder) needs a folder path.");
    ensurePrivateFolder(folder);
    this.folder = realpathSync(folder);
    // A newer format is refused before anything is written; an older one is moved forward.
    this.format = migrateFileStore(this.folder, readdirSync(this.folder).length === 0);
    this.index = new ListIndex(this.folder);
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
    return this.serially(folder, () =>
      options.create ? this.create(stateId, folder, entries, snapshot) : this.update(stateId, folder, entries, snapshot, options.lease),
    );
  }

  private async create(stateId: string, folder: string, entries: EntryRecord[], snapshot: Snapshot | null): Promise<void> {
    if (!snapshot) throw new TypeError("The first write of a State (create: true) needs its snapshot.");
    if (await exists(folder)) throw new StateExistsError(stateId);
    const temp = await mkdtemp(join(this.folder, ".create-"));
    try {
      chmodSync(temp, FOLDER_MODE);
      await writeNewFile(join(temp, ENTRIES), entriesHeader(snapshot.parent ? snapshot.parent.seq + 1 : 0) + entryLines(entries));
      await writeNewFile(join(temp, SNAPSHOT), snapshotText(snapshot));
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
    await this.index.created(listInfoOf(snapshot));
  }

  private async update(stateId: string, folder: string, entries: EntryRecord[], snapshot: Snapshot | null, lease?: Lease): Promise<void> {
    if (!(await exists(join(folder, SNAPSHOT)))) throw new StateNotFoundError(stateId);
    if (lease) assertFileLeaseHeld(join(folder, LOCK), lease); // a run that lost its lease writes nothing
    if (entries.length > 0) await appendEntries(join(folder, ENTRIES), entries);
    if (snapshot) {
      await writeFileAtomic(join(folder, SNAPSHOT), snapshotText(snapshot));
      await this.index.saved(listInfoOf(snapshot));
    }
  }

  override read(stateId: string): Promise<StoredRecord | null> {
    return this.readThrough(stateId, Number.POSITIVE_INFINITY);
  }

  /** The State's own entries through `throughSeq` (a branch's load reads its ancestors so): the lines after it are not parsed. */
  override readRange(stateId: string, throughSeq: number): Promise<StoredRecord | null> {
    return this.readThrough(stateId, Math.floor(throughSeq));
  }

  private async readThrough(stateId: string, throughSeq: number): Promise<StoredRecord | null> {
    const folder = this.stateFolder(stateId);
    const found = await stat(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!found) return null;
    if (!found.isDirectory()) throw new StoreCorruptError(folder, "it is a file, not a State's folder");
    const snapshot = await readSnapshot(join(folder, SNAPSHOT));
    if (snapshot.id !== stateId) throw new StoreCorruptError(join(folder, SNAPSHOT), `it names State ${JSON.stringify(snapshot.id)}, not "${stateId}"`);
    const entries = await readEntries(join(folder, ENTRIES), throughSeq);
    // Only a repair of the list index: a load that read the State does not fail for it.
    await this.index.loaded(listInfoOf(snapshot)).catch(() => undefined);
    return { entries, snapshot };
  }

  /** The State's own entries of seqs [fromSeq, toSeq), read from the history file's end backwards. */
  override async readSeqRange(stateId: string, fromSeq: number, toSeq: number): Promise<EntryRecord[] | null> {
    const folder = this.stateFolder(stateId);
    if (!(await exists(join(folder, SNAPSHOT)))) return null;
    return readEntriesBetween(join(folder, ENTRIES), fromSeq, toSeq);
  }

  /** The snapshot and the entry count, reading only the history file's tail. */
  override async readHead(stateId: string): Promise<StoredHead | null> {
    const folder = this.stateFolder(stateId);
    if (!(await exists(folder))) return null;
    return { snapshot: await readSnapshot(join(folder, SNAPSHOT)), entryCount: await countEntries(join(folder, ENTRIES)) };
  }

  /** Newest first. Reads only what index.jsonl gained since the last call. */
  override list(options: ListOptions = {}): Promise<SavedStateInfo[]> {
    return this.index.page(options);
  }

  /**
   * Put index.jsonl right with the State folders: list every folder it lacks (say, of a
   * process killed between creating a State and indexing it), then compact it. list() does
   * the first part on its first call; this is for a long-running process.
   */
  reconcile(): Promise<void> {
    return this.index.reconcile();
  }

  override async delete(stateId: string): Promise<void> {
    const folder = this.stateFolder(stateId);
    await this.serially(folder, async () => {
      if (!(await exists(folder))) return;
      const lock = isLockHeld(join(folder, LOCK));
      if (lock.held) throw new StateBusyError(stateId, lock.holder);
      // Not named after the State: a folder name may already be 255 bytes long.
      const doomed = join(this.folder, `.deleting-${randomUUID()}`);
      await this.index.deleting(stateId);
      try {
        await rename(folder, doomed);
      } catch (error) {
        await this.index.deleteFailed(stateId);
        throw error;
      }
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

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
