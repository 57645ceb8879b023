/**
 * SqliteStore's statements, prepared once per store from `STORE_SQL`, each typed with its
 * parameters and rows.
 */
import type BetterSqlite3 from "better-sqlite3";
import type { ConversationRow } from "./conversation-row";
import { STORE_SQL } from "./statements";

/** An entry as its row is read, as an array (no object per row: a load reads thousands): seq, kind, JSON body and checksum. */
export type EntryRow = [seq: number, kind: string, body: string, checksum: number];

export function prepareStatements(db: BetterSqlite3.Database) {
  const prepare = <Params extends unknown[] | {}, Row = unknown>(name: keyof typeof STORE_SQL) =>
    db.prepare<Params, Row>(STORE_SQL[name]);
  return {
    conversationNum: prepare<[string], { num: number }>("conversationNum"),
    insertConversation: prepare<[Record<string, unknown>], { num: number }>("insertConversation"),
    insertEntry: prepare<[number, number, string, string, number]>("insertEntry"),
    insertSearchText: prepare<[number, number, string]>("insertSearchText"),
    updateConversation: prepare<[Record<string, unknown>]>("updateConversation"),
    countNewEntries: prepare<[number, string]>("countNewEntries"),
    stampConversation: prepare<[string]>("stampConversation"),
    putSnapshot: prepare<[string, string, number]>("putSnapshot"),
    selectEntryChunk: prepare<[number, number, number, number, number], EntryRow>("selectEntryChunk").raw(),
    listConversations: prepare<[number, number], ConversationRow & { branch_count: number; conversation_updated_at: string }>("listConversations"),
    countConversations: prepare<[], { n: number }>("countConversations"),
    listUnfinished: prepare<[number], ConversationRow>("listUnfinished"),
    countUnfinished: prepare<[], { n: number }>("countUnfinished"),
    listBranches: prepare<[string], ConversationRow>("listBranches"),
    selectSnapshot: prepare<[string], { body: string; checksum: number }>("selectSnapshot"),
    selectHead: prepare<[string], { entryCount: number; body: string | null; checksum: number | null }>("selectHead"),
    selectInfo: prepare<[string], ConversationRow>("selectInfo"),
    scanConversations: prepare<[], ConversationRow>("scanConversations"),
    list: prepare<[number, number, number], ConversationRow>("list"),
    count: prepare<[], { n: number }>("count"),
    deleteConversation: prepare<[string]>("deleteConversation"),
    deleteEntries: prepare<[number, number]>("deleteEntries"),
    deleteSearchText: prepare<[number, number]>("deleteSearchText"),
    deleteLease: prepare<[string]>("deleteLease"),
    renameConversation: prepare<[string, string]>("renameConversation"),
    renameSnapshot: prepare<[string, number, string]>("renameSnapshot"),
  };
}

export type PreparedStatements = ReturnType<typeof prepareStatements>;
