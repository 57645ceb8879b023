/**
 * Search by reading: what a store without its own index (FileStore, a custom store) does
 * for `Store.searchPage`, one result per conversation (search-types.ts). It reads every saved branch's own entries (never an ancestor's,
 * so shared past is found once, in the branch that holds it) and never an attachment's
 * bytes; an index-backed store (SqliteStore, PostgresStore) answers the same from its index.
 */
import { searchTextOf } from "../sqlite/entry-search-text";
import { type SavedStateInfo, type StoredRecord, lastSeenAt } from "../../state/snapshot";
import { type SearchOptions, type SearchPage, type SearchResult, pageBounds } from "./search-types";
import { foldForSearch, searchWords, textMatchesAll } from "./search-words";
import { markedSnippet } from "./snippet";

export interface ScannedStore {
  list(): Promise<SavedStateInfo[]>;
  read(stateId: string): Promise<StoredRecord | null>;
}

/** The text a title-or-task hit shows. */
export function titleText(info: { title: string; task: string }): string {
  return info.title === info.task ? info.title : `${info.title} — ${info.task}`;
}

export async function scanSearch(store: ScannedStore, input: string, options: SearchOptions = {}): Promise<SearchPage> {
  const words = searchWords(input);
  const folded = words.map(foldForSearch).filter((word) => word.length > 0);
  if (folded.length === 0) return { items: [], total: 0 };
  // One result per conversation: its branch matching in its entries and seen last, else its title's.
  const best = new Map<string, { info: SavedStateInfo; hit: { seq: number; text: string } | null }>();
  for (const info of await store.list()) {
    if (info.retained) continue;
    const hit = await latestHit(store, info.id, folded);
    // A title or task belongs to the whole conversation: it is reported once, on its first State.
    const titleHit = info.conversationId === info.id && textMatchesAll(titleText(info), folded);
    if (hit === null && !titleHit) continue;
    const held = best.get(info.conversationId);
    if (!held || isBetterHit({ info, hit }, held)) best.set(info.conversationId, { info, hit });
  }
  const found: SearchResult[] = [...best.values()].map(({ info, hit }) => ({ ...info, ...markedSnippet(hit?.text ?? titleText(info), words), hitSeq: hit?.seq ?? null }));
  found.sort((a, b) => (a.updatedAt === b.updatedAt ? (a.id < b.id ? 1 : -1) : a.updatedAt < b.updatedAt ? 1 : -1));
  const { limit, offset } = pageBounds(options);
  return { items: found.slice(offset, offset + limit), total: found.length };
}

type Candidate = { info: SavedStateInfo; hit: unknown };

/** A hit in a branch's entries before a title's; then the branch updated or shown last (then the larger id, as the indexes do). */
function isBetterHit(a: Candidate, b: Candidate): boolean {
  if ((a.hit === null) !== (b.hit === null)) return a.hit !== null;
  const seenA = lastSeenAt(a.info);
  const seenB = lastSeenAt(b.info);
  return seenA === seenB ? a.info.id > b.info.id : seenA > seenB;
}

/** The latest of the State's own entries whose text holds every word, or null. */
async function latestHit(store: ScannedStore, stateId: string, folded: string[]): Promise<{ seq: number; text: string } | null> {
  // A record that cannot be read is left out of the results; loading it reports why.
  const record = await store.read(stateId).catch(() => null);
  const entries = record?.entries ?? [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const text = searchTextOf(entries[i] as { kind?: unknown; text?: unknown });
    if (text !== null && textMatchesAll(text, folded)) return { seq: entries[i].seq, text };
  }
  return null;
}
