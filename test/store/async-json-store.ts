/**
 * An async-only store written for the conformance suite: every method returns a
 * Promise (like a store on a server database). JSON files, a folder per State:
 * `entries.jsonl` (appended, fsynced) and `snapshot.json` (replaced atomically).
 * Its lease is held in this process only.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { StateBusyError, StateExistsError, StateNotFoundError } from "../../src/main/agent/errors";
import type { EntryRecord } from "../../src/main/agent/state/history";
import { type SavedStateInfo, type Snapshot, type StoredRecord, savedStateInfoOf } from "../../src/main/agent/state/snapshot";
import { assertStateId } from "../../src/main/agent/state/state";
import { type Lease, type ListOptions, Store, type WriteOptions } from "../../src/main/agent/stores/store";

const leases = new Map<string, number>();

async function writeDurably(file: string, text: string, flag: "a" | "wx"): Promise<void> {
  const handle = await fsp.open(file, flag, 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function exists(file: string): Promise<boolean> {
  return fsp.stat(file).then(
    () => true,
    () => false,
  );
}

export class AsyncJsonStore extends Store {
  private readonly root: string;

  constructor(folder: string) {
    super();
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    this.root = fs.realpathSync(folder);
  }

  override get storeKey(): string {
    return `async-json:${this.root}`;
  }

  private folderOf(stateId: string): string {
    assertStateId(stateId);
    return path.join(this.root, stateId);
  }

  override async write(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions): Promise<void> {
    const folder = this.folderOf(stateId);
    // Serialize first: a value JSON cannot hold fails the write before anything is written.
    const lines = (list: EntryRecord[]) => list.map((entry) => `${JSON.stringify(entry)}\n`).join("");
    const snapshotJson = snapshot === null ? null : JSON.stringify(snapshot);
    if (options.create) {
      if (snapshotJson === null) throw new TypeError("create needs a snapshot");
      const text = lines(entries);
      if (await exists(folder)) throw new StateExistsError(stateId);
      const temp = path.join(this.root, `.new-${randomUUID()}`);
      await fsp.mkdir(temp, { mode: 0o700 });
      try {
        await writeDurably(path.join(temp, "entries.jsonl"), text, "wx");
        await writeDurably(path.join(temp, "snapshot.json"), snapshotJson, "wx");
        await fsp.rename(temp, folder).catch((error: NodeJS.ErrnoException) => {
          throw error.code === "ENOTEMPTY" || error.code === "EEXIST" ? new StateExistsError(stateId) : error;
        });
      } catch (error) {
        await fsp.rm(temp, { recursive: true, force: true });
        throw error;
      }
      return;
    }
    if (!(await exists(path.join(folder, "snapshot.json")))) throw new StateNotFoundError(stateId);
    const known = new Set((await this.readEntries(folder)).map((entry) => entry.seq));
    const fresh = entries.filter((entry) => !known.has(entry.seq));
    if (fresh.length > 0) await writeDurably(path.join(folder, "entries.jsonl"), lines(fresh), "a");
    if (snapshotJson !== null) {
      const temp = path.join(folder, `.snapshot-${randomUUID()}`);
      await writeDurably(temp, snapshotJson, "wx");
      await fsp.rename(temp, path.join(folder, "snapshot.json"));
    }
  }

  private async readEntries(folder: string): Promise<EntryRecord[]> {
    const text = await fsp.readFile(path.join(folder, "entries.jsonl"), "utf8");
    const entries: EntryRecord[] = [];
    for (const line of text.split("\n")) {
      if (line === "") continue;
      try {
        entries.push(JSON.parse(line));
      } catch {
        break; // a line torn by a kill: the save it belonged to was never acknowledged
      }
    }
    return entries.sort((a, b) => a.seq - b.seq);
  }

  override async read(stateId: string): Promise<StoredRecord | null> {
    const folder = this.folderOf(stateId);
    if (!(await exists(folder))) return null;
    const snapshot = JSON.parse(await fsp.readFile(path.join(folder, "snapshot.json"), "utf8")) as Snapshot;
    return { entries: await this.readEntries(folder), snapshot };
  }

  override async list(options: ListOptions = {}): Promise<SavedStateInfo[]> {
    const names = (await fsp.readdir(this.root)).filter((name) => !name.startsWith("."));
    const infos = await Promise.all(
      names.map(async (name): Promise<SavedStateInfo> => {
        const s = JSON.parse(await fsp.readFile(path.join(this.root, name, "snapshot.json"), "utf8")) as Snapshot;
        return savedStateInfoOf(s);
      }),
    ).then((rows) => rows.filter((row) => options.includeRetained || !row.retained));
    infos.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
    const offset = options.offset ?? 0;
    return infos.slice(offset, options.limit === undefined ? undefined : offset + options.limit);
  }

  override async delete(stateId: string): Promise<void> {
    const folder = this.folderOf(stateId);
    if (leases.has(`${this.storeKey}/${stateId}`)) throw new StateBusyError(stateId, `another run in this process (pid ${process.pid})`);
    await fsp.rm(folder, { recursive: true, force: true });
  }

  override async acquireLease(stateId: string): Promise<Lease> {
    const key = `${this.storeKey}/${stateId}`;
    if (leases.has(key)) throw new StateBusyError(stateId, `another run in this process (pid ${process.pid})`);
    const token = Math.random();
    leases.set(key, token);
    return {
      stateId,
      release: async () => {
        if (leases.get(key) === token) leases.delete(key);
      },
    };
  }
}
