/**
 * Move every conversation from one store to another, verified: each State (every branch,
 * and the ones kept for another conversation's branches) is copied with its entries and
 * snapshot, read back, and compared by entry count and a checksum of its entries. One
 * already there with the same checksum is skipped, so a move that was interrupted is run
 * again to finish it. A State is created all or nothing, so an interruption leaves no half
 * copy. The source is never changed here.
 */
import { createHash } from "node:crypto";
import type { SavedStateInfo, StoredRecord } from "../../agent";
import type { MoveDirection, MoveProgress, MoveReport } from "../../../shared/storage-types";
import type { ConversationStore } from "../conversations/conversation-store";
import { canonicalJson } from "../transfer/canonical-json";
import { yieldToIo } from "../yield-to-io";

export interface MoveOptions {
  source: ConversationStore;
  target: ConversationStore;
  direction: MoveDirection;
  onProgress(progress: MoveProgress): void;
}

/** What verifies a copy: how many entries, and one checksum of them all (canonical JSON, so key order does not matter). */
export function recordChecksum(record: StoredRecord): { count: number; checksum: string } {
  const hash = createHash("sha256");
  for (const entry of record.entries) hash.update(canonicalJson(entry)).update("\n");
  return { count: record.entries.length, checksum: hash.digest("hex") };
}

export function sameCopy(a: StoredRecord | null, b: StoredRecord | null): boolean {
  if (!a || !b) return false;
  const [x, y] = [recordChecksum(a), recordChecksum(b)];
  return x.count === y.count && x.checksum === y.checksum && canonicalJson(a.snapshot) === canonicalJson(b.snapshot);
}

/** Every State of the store, parents before their branches (oldest first). */
export async function everyState(store: ConversationStore): Promise<SavedStateInfo[]> {
  const rows = await store.list({ includeRetained: true });
  return rows.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
}

export async function moveConversations(options: MoveOptions): Promise<MoveReport> {
  const rows = await everyState(options.source);
  const report: MoveReport = { direction: options.direction, done: 0, total: rows.length, moved: 0, skipped: 0, finished: false, failed: [] };
  let lastSent = 0;
  for (const row of rows) {
    try {
      const outcome = await moveOne(options.source, options.target, row.id);
      if (outcome === "moved") report.moved++;
      if (outcome === "skipped") report.skipped++;
    } catch (error) {
      report.failed.push({ id: row.id, title: row.title, reason: error instanceof Error ? error.message : String(error) });
    }
    report.done++;
    if (Date.now() - lastSent >= 100) {
      lastSent = Date.now();
      options.onProgress(progressOf(report));
    }
    await yieldToIo(); // the app keeps answering during a long move
  }
  report.finished = true;
  options.onProgress(progressOf(report));
  return report;
}

function progressOf(report: MoveReport): MoveProgress {
  const { failed: _failed, ...progress } = report;
  return progress;
}

/** Copy one State unless the target has the same copy; throws when it cannot be made to verify. */
async function moveOne(source: ConversationStore, target: ConversationStore, id: string): Promise<"moved" | "skipped" | "gone"> {
  const record = await source.read(id);
  if (!record?.snapshot) return "gone"; // deleted since the list was read
  const there = await target.read(id);
  if (there && sameCopy(record, there)) return "skipped";
  if (there) {
    const have = there.entries.length;
    const prefix = have <= record.entries.length && recordChecksum({ ...record, entries: record.entries.slice(0, have) }).checksum === recordChecksum(there).checksum;
    if (!prefix) throw new Error("a different copy of it is already there (it was changed on that side since); it was left as it is on both sides");
    await target.write(id, record.entries.slice(have), record.snapshot, { create: false });
  } else {
    await target.write(id, record.entries, record.snapshot, { create: true });
  }
  const copy = await target.read(id);
  if (!sameCopy(record, copy)) {
    const [want, got] = [recordChecksum(record), copy ? recordChecksum(copy) : { count: 0, checksum: "none" }];
    throw new Error(`the copy did not verify: ${got.count} entries (checksum ${got.checksum.slice(0, 12)}) where ${want.count} (checksum ${want.checksum.slice(0, 12)}) were sent`);
  }
  return "moved";
}
