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
}

export function openConversationStore(dataFolder: string, nativeBinding?: string): SqliteStore {
  return new SqliteStore(path.join(dataFolder, DATABASE_FILE_NAME), { nativeBinding });
}

export async function countConversations(store: ConversationStore): Promise<number> {
  if (store.countConversations) return store.countConversations();
  return (await store.listConversations({})).length;
}
