/**
 * A page of a State's stored history, read without loading the State: what a window needs
 * to show a long conversation's newest messages at once, then older ones as it scrolls up.
 *
 * Built on two reads every store has: `readHead` (the snapshot and how many own entries are
 * stored) and `readSeqRange` (own entries of a seq range). A branch's page may reach into its
 * ancestors' entries through the fork point: each ancestor's part is read from it.
 *
 * The page is what is stored, as stored: entries past the snapshot's `entryCount` (a save
 * that stopped halfway) are in it, and no result is made up for a call a kill left open;
 * `load` does that. A caller that needs the State's exact view checks `snapshot.entryCount`.
 */
import { StoreCorruptError } from "../errors";
import type { EntryRecord } from "../state/history";
import type { Snapshot } from "../state/snapshot";
import type { MaybePromise, StoredHead } from "../state/store-contract";

export interface PageOptions {
  /** At most this many entries (at least 1). */
  limit: number;
  /** The entries just before this seq; the newest when absent. */
  beforeSeq?: number;
}

export interface HistoryPageRecord {
  snapshot: Snapshot;
  /** Consecutive entries in seq order, ending just before `beforeSeq` (or with the newest). */
  entries: EntryRecord[];
  /** The seq of the first entry of the page (the end of the page when it is empty). */
  firstSeq: number;
  /** How many entries are stored in the whole history, inherited ones included. */
  totalEntries: number;
}

/** What reading a page needs of a store. */
export interface PagedReader {
  readHead(stateId: string): Promise<StoredHead | null>;
  readSeqRange(stateId: string, fromSeq: number, toSeq: number): MaybePromise<EntryRecord[] | null>;
  describe(): string;
}

/** A chain deeper than this is damage, as in branch-chain.ts. */
const MAX_DEPTH = 10_000;

export async function readHistoryPage(store: PagedReader, stateId: string, options: PageOptions): Promise<HistoryPageRecord | null> {
  const limit = Math.floor(options.limit);
  if (!Number.isFinite(limit) || limit < 1) throw new RangeError(`A page's limit must be at least 1; got ${options.limit}.`);
  const head = await store.readHead(stateId);
  if (!head?.snapshot) return null;
  const totalEntries = ownStart(head.snapshot) + head.entryCount;
  const before = options.beforeSeq === undefined ? totalEntries : Math.floor(options.beforeSeq);
  const end = Math.max(0, Math.min(before, totalEntries));
  const start = Math.max(0, end - limit);
  const entries = await readChain(store, stateId, head.snapshot, start, end);
  return { snapshot: head.snapshot, entries, firstSeq: start, totalEntries };
}

function ownStart(snapshot: Snapshot): number {
  return snapshot.parent ? snapshot.parent.seq + 1 : 0;
}

/** Entries [start, end) of the history of `stateId`: its own part, then each ancestor's part, nearest first. */
async function readChain(store: PagedReader, stateId: string, snapshot: Snapshot, start: number, end: number): Promise<EntryRecord[]> {
  const parts: EntryRecord[][] = [];
  const seen = new Set<string>();
  let id = stateId;
  let current: Snapshot = snapshot;
  let to = end;
  while (to > start) {
    if (seen.has(id) || seen.size >= MAX_DEPTH) throw corrupt(store, stateId, "its chain of parents loops back on itself");
    seen.add(id);
    const from = Math.max(start, ownStart(current));
    if (from < to) {
      const own = await store.readSeqRange(id, from, to);
      if (!own) throw corrupt(store, stateId, `its State "${id}" is missing`);
      if (own.length !== to - from || own.some((entry, i) => entry.seq !== from + i)) {
        throw corrupt(store, stateId, `State "${id}" lacks entries ${from} to ${to - 1}`);
      }
      parts.push(own);
    }
    to = Math.min(to, from);
    if (to <= start || !current.parent) break;
    id = current.parent.id;
    const parentHead = await store.readHead(id);
    if (!parentHead?.snapshot) throw corrupt(store, stateId, `its parent State "${id}" is missing`);
    current = parentHead.snapshot;
  }
  parts.reverse();
  return parts.length === 1 ? parts[0] : parts.flat();
}

function corrupt(store: PagedReader, stateId: string, reason: string): StoreCorruptError {
  return new StoreCorruptError(`${store.describe()} State "${stateId}"`, reason);
}
