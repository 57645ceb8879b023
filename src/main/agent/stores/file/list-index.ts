/**
 * The FileStore's list index, `<folder>/index.jsonl`: a line per change of what list()
 * shows, appended by every writer (see list-index-format.ts for the lines). list() trusts
 * it: it reads only what was appended since its last call, by this process or another
 * (see list-index-file.ts), and sorts what it holds. It never reads the State folders,
 * except to check that each State it is about to show still has its folder.
 *
 * The index can only miss a State when a process was killed between putting a State's
 * folder in place and appending its line, or when the file was lost: the first list() of
 * a FileStore object (and any list() without the file, and reconcile()) adds every folder
 * the index lacks, as does loading a State it lacks, and each compaction (see
 * list-index-compaction.ts).
 */
import { statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { SchemaTooNewError } from "../../errors";
import { folderNameOf, stateIdOfFolder } from "./folder-names";
import { compactIndex, compactionDue } from "./list-index-compaction";
import { INDEX_FILE, INDEX_LOCK, IndexFile } from "./list-index-file";
import { INDEX_VERSION, deletedLine, onlySaveChanged, savedLine, wholeLine } from "./list-index-format";
import { readListInfo } from "./snapshot-file";
import type { SavedStateInfo } from "../../state/snapshot";
import type { ListOptions } from "../store";

/** Up to this many States a page is checked folder by folder; past it, with one listing of the folder. */
const CHECK_ONE_BY_ONE = 256;
/** Folders read at once when adding what the index lacks. */
const READ_AT_ONCE = 64;

const newestFirst = (a: SavedStateInfo, b: SavedStateInfo): number =>
  a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export class ListIndex {
  private readonly file: IndexFile;
  private reconciled = false;
  private sorted: SavedStateInfo[] = [];
  private sortedRevision = -1;
  private compaction: Promise<boolean> | null = null;

  constructor(private readonly folder: string) {
    this.file = new IndexFile(join(folder, INDEX_FILE), join(folder, INDEX_LOCK));
  }

  /** A new State, its folder in place. */
  async created(info: SavedStateInfo): Promise<void> {
    await this.file.append([wholeLine(info)]);
    await this.compactIfDue();
  }

  /** A State saved again: a short line when only what every save changes changed. */
  async saved(info: SavedStateInfo): Promise<void> {
    await this.file.catchUp();
    await this.file.append([onlySaveChanged(this.file.records.get(info.id), info) ? savedLine(info) : wholeLine(info)]);
    await this.compactIfDue();
  }

  /** A State about to be deleted (written first: a delete cut short leaves a State unlisted, never a deleted one listed). */
  async deleting(id: string): Promise<void> {
    await this.file.append([deletedLine(id)]);
  }

  /** A State whose delete failed, listed again from its folder. */
  async deleteFailed(id: string): Promise<void> {
    const info = await readListInfo(join(this.folder, folderNameOf(id)));
    if (info?.id === id) await this.file.append([wholeLine(info)]);
  }

  /** A State read from its folder: listed if the index lacks it. Only once this object listed (and so reads the index anyway). */
  async loaded(info: SavedStateInfo): Promise<void> {
    if (!this.reconciled) return;
    await this.file.catchUp();
    if (this.file.version <= INDEX_VERSION && !this.file.records.has(info.id)) await this.file.append([wholeLine(info, { repair: true })]);
  }

  async page(options: ListOptions = {}): Promise<SavedStateInfo[]> {
    await this.file.catchUp();
    if (this.file.version > INDEX_VERSION) throw new SchemaTooNewError(this.file.path, this.file.version, INDEX_VERSION);
    // The first list, and any after the file was lost, adds the States the index lacks.
    if (!this.reconciled || !this.file.loaded) {
      await this.addUnlisted();
      this.reconciled = true;
    }
    const offset = options.offset ?? 0;
    const end = options.limit === undefined ? Number.POSITIVE_INFINITY : offset + options.limit;
    const sorted = this.newestFirst();
    const hasFolder = await this.folderCheck(Math.min(end, sorted.length));
    const page: SavedStateInfo[] = [];
    let shown = 0;
    for (const info of sorted) {
      if (shown >= end) break;
      // Removed by hand, or listed again by a repair that raced its delete: never shown.
      if (!hasFolder(info.id)) continue;
      if (info.retained && !options.includeRetained) continue;
      if (shown >= offset) page.push({ ...info });
      shown++;
    }
    return page;
  }

  /** Add every State folder the index lacks, and compact the index. */
  async reconcile(): Promise<void> {
    await this.file.catchUp();
    if (this.file.version > INDEX_VERSION) throw new SchemaTooNewError(this.file.path, this.file.version, INDEX_VERSION);
    await this.addUnlisted();
    this.reconciled = true;
    await this.compact();
  }

  private async addUnlisted(): Promise<void> {
    // After the catch-up: every State whose line was read has its folder in place.
    await this.file.catchUp();
    const unlisted: string[] = [];
    for (const entry of await readdir(this.folder, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const id = stateIdOfFolder(entry.name);
      if (id !== null && !this.file.records.has(id)) unlisted.push(id);
    }
    const lines: string[] = [];
    for (let i = 0; i < unlisted.length; i += READ_AT_ONCE) {
      const batch = unlisted.slice(i, i + READ_AT_ONCE);
      const infos = await Promise.all(batch.map((id) => readListInfo(join(this.folder, folderNameOf(id)))));
      infos.forEach((info, j) => {
        if (info?.id === batch[j]) lines.push(wholeLine(info, { repair: true }));
      });
    }
    if (lines.length === 0) return;
    await this.file.append(lines);
    await this.file.catchUp();
  }

  private newestFirst(): SavedStateInfo[] {
    if (this.sortedRevision !== this.file.revision) {
      this.sorted = [...this.file.records.values()].sort(newestFirst);
      this.sortedRevision = this.file.revision;
    }
    return this.sorted;
  }

  /**
   * Whether a State's folder exists: for a short page a stat each (synchronous: a hundred
   * of them take less than one trip through the thread pool each would), for a long one
   * one listing of the folder.
   */
  private async folderCheck(count: number): Promise<(id: string) => boolean> {
    if (count <= CHECK_ONE_BY_ONE) return (id) => statSync(join(this.folder, folderNameOf(id)), { throwIfNoEntry: false })?.isDirectory() === true;
    const folders = new Set((await readdir(this.folder, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name));
    return (id) => folders.has(folderNameOf(id));
  }

  private async compactIfDue(): Promise<void> {
    if (!compactionDue(this.file)) return;
    // A compaction that fails leaves the index as it was, only longer; a later save tries again.
    await this.compact().catch(() => false);
  }

  private compact(): Promise<boolean> {
    this.compaction ??= compactIndex(this.file, this.folder).finally(() => {
      this.compaction = null;
    });
    return this.compaction;
  }
}
