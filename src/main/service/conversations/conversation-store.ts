/**
 * The store the app keeps its conversations in: the library's SqliteStore, one
 * database in the data folder.
 */
import path from "node:path";
import { SqliteStore } from "../../agent";

export const DATABASE_FILE_NAME = "alpine.db";

export type ConversationStore = SqliteStore;

export function openConversationStore(dataFolder: string, nativeBinding?: string): ConversationStore {
  return new SqliteStore(path.join(dataFolder, DATABASE_FILE_NAME), { nativeBinding });
}
