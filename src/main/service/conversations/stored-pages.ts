/**
 * Pages of a conversation read from the store alone, without loading its State: the
 * newest page when it opens (the launch's reopened conversation), older pages as the
 * window scrolls up. The same pairing rules as history-pages.ts: a page that holds a
 * result or an answer starts at the turn that made its call, so a page is read again
 * further back when that turn is older than what was read.
 */
import type { HistoryEntry, HistoryPageRecord, Store } from "../../agent";
import { type HistoryPage, pairedStartWithin } from "./history-pages";

/** Read this many entries more than asked, so a call's turn just before the page comes in the same read. */
const SLACK = 32;

export interface StoredPage extends HistoryPage<HistoryEntry> {
  snapshot: HistoryPageRecord["snapshot"];
}

/** The newest `tail` entries as stored (more when a call's turn is older); null when there is no such State. */
export function newestStoredPage(store: Store, id: string, tail: number, alsoShow: readonly string[] = []): Promise<StoredPage | null> {
  return pairedRead(store, id, undefined, tail, alsoShow);
}

/** Up to `limit` stored entries just before `beforeSeq` (more when a call's turn is older). */
export function storedPageBefore(store: Store, id: string, beforeSeq: number, limit: number): Promise<StoredPage | null> {
  return pairedRead(store, id, beforeSeq, limit, []);
}

async function pairedRead(store: Store, id: string, beforeSeq: number | undefined, size: number, alsoShow: readonly string[]): Promise<StoredPage | null> {
  let read = Math.max(1, size) + SLACK;
  for (;;) {
    const page = await store.readPage(id, { limit: read, ...(beforeSeq === undefined ? {} : { beforeSeq }) });
    if (!page) return null;
    const entries = page.entries as HistoryEntry[];
    const end = page.firstSeq + entries.length;
    const first = pairedStartWithin(entries, page.firstSeq, Math.max(0, end - size), alsoShow);
    if (first !== null) {
      return { snapshot: page.snapshot, entries: entries.slice(first - page.firstSeq), firstSeq: first, totalEntries: page.totalEntries };
    }
    read *= 4;
  }
}
