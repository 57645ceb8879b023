/**
 * A store that keeps everything in memory: the agent's own cost with saving taken out.
 * It honours the write contract (skip known seqs, refuse an existing id on create), and reads
 * a State's head without its history, as SqliteStore and FileStore do.
 */
import { StateExistsError } from "../../src/main/agent/errors";
import type { EntryRecord } from "../../src/main/agent/state/history";
import type { Snapshot, StoredRecord } from "../../src/main/agent/state/snapshot";
import { Store, type StoredHead, type WriteOptions } from "../../src/main/agent/stores/store";

export class MemoryStore extends Store {
  private readonly records = new Map<string, StoredRecord>();

  write(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions): void {
    let record = this.records.get(stateId);
    if (options.create && record) throw new StateExistsError(stateId);
    if (!record) {
      record = { entries: [], snapshot: null };
      this.records.set(stateId, record);
    }
    for (const entry of entries) if (entry.seq === record.entries.length) record.entries.push(structuredClone(entry));
    if (snapshot) record.snapshot = structuredClone(snapshot);
  }

  override async readHead(stateId: string): Promise<StoredHead | null> {
    const record = this.records.get(stateId);
    return record ? { snapshot: structuredClone(record.snapshot), entryCount: record.entries.length } : null;
  }

  read(stateId: string): StoredRecord | null {
    const record = this.records.get(stateId);
    return record ? structuredClone(record) : null;
  }
}
