/**
 * The store the app keeps its conversations in: the library's SqliteStore, one database in
 * the data folder ("This computer"), or a PostgresStore on a server the person chose. The
 * service speaks to either through `ConversationStore`, every call awaited.
 */
import path from "node:path";
import { type ConversationInfo, type ListOptions, type MaybePromise, type SavedStateInfo, type SearchPage, type SearchResult, SqliteStore, Store } from "../../agent";

export const DATABASE_FILE_NAME = "alpine.db";

/** What the service asks of a store beyond the library's Store contract (SqliteStore and PostgresStore both answer it). */
export interface ConversationStore extends Store {
  info(stateId: string): MaybePromise<SavedStateInfo | null>;
  count(): MaybePromise<number>;
  search(query: string, options?: { limit?: number; offset?: number }): MaybePromise<SearchResult[]>;
  searchCount(query: string): MaybePromise<number>;
  searchPage(query: string, options?: { limit?: number; offset?: number }): MaybePromise<SearchPage>;
  rename(stateId: string, title: string): MaybePromise<SavedStateInfo>;
  listConversations(options?: ListOptions): MaybePromise<ConversationInfo[]>;
  listBranches(conversationId: string): MaybePromise<SavedStateInfo[]>;
  close(): MaybePromise<void>;
  /** SqliteStore counts conversations in one statement; other stores count their list. */
  countConversations?(): MaybePromise<number>;
  /** SqliteStore counts runs that did not end by themselves from its rows; other stores filter their list. */
  unfinished?(limit: number): MaybePromise<{ count: number; items: SavedStateInfo[] }>;
}

export function openConversationStore(dataFolder: string, nativeBinding?: string): SqliteStore {
  return new SqliteStore(path.join(dataFolder, DATABASE_FILE_NAME), { nativeBinding });
}

export async function countConversations(store: ConversationStore): Promise<number> {
  if (store.countConversations) return store.countConversations();
  return (await store.listConversations({})).length;
}

/** The States with entries whose last run did not end by itself (killed mid-run, or stopped), newest first, at most `limit`. */
export async function unfinishedRuns(store: ConversationStore, limit: number): Promise<{ count: number; items: SavedStateInfo[] }> {
  if (store.unfinished) return store.unfinished(limit);
  const found = (await store.list({})).filter((info) => (info.stoppedBy === null || info.stoppedBy === "aborted") && info.entryCount > 0);
  return { count: found.length, items: found.slice(0, limit) };
}
