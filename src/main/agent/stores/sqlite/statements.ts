/**
 * The SQL of SqliteStore's reads and writes, prepared once per store. Kept in one place
 * so a test can check every statement's query plan: a save looks rows up by key only,
 * so its cost does not grow with the number of entries or conversations.
 */
import { CONVERSATION_COLUMNS } from "./conversation-row";

export const STORE_SQL = {
  conversationNum: "SELECT num FROM conversations WHERE id = ?",
  insertConversation: `
    INSERT INTO conversations (id, task, title, created_at, updated_at, stopped_by, entry_count)
    VALUES (:id, :task, :title, :createdAt, :updatedAt, :stoppedBy, 0)
    RETURNING num`,
  // An entry's id is (conversation num << 32) + seq: a conversation's entries are one key range,
  // and search groups hits by it. The search index is contentless: its rows are written here (migration 4).
  insertEntry: "INSERT OR IGNORE INTO entries (id, kind, body) VALUES ((? << 32) + ?, ?, ?)",
  insertSearchText: "INSERT INTO entry_search (rowid, search_text) VALUES ((? << 32) + ?, ?)",
  updateConversation: `
    UPDATE conversations SET task = :task, title = :title, created_at = :createdAt, updated_at = :updatedAt,
      stopped_by = :stoppedBy, entry_count = entry_count + :added
    WHERE id = :id`,
  countNewEntries: "UPDATE conversations SET entry_count = entry_count + ? WHERE id = ?",
  putSnapshot: `
    INSERT INTO snapshots (state_id, body) VALUES (?, ?)
    ON CONFLICT (state_id) DO UPDATE SET body = excluded.body`,
  selectEntries: "SELECT id & 0xFFFFFFFF AS seq, kind, body FROM entries WHERE id BETWEEN (? << 32) AND (? << 32) + 0xFFFFFFFF ORDER BY id",
  selectSnapshot: "SELECT body FROM snapshots WHERE state_id = ?",
  // The snapshot and the stored entry count, without reading the history (a staleness check per save).
  selectHead: `
    SELECT c.entry_count AS entryCount, s.body AS body
    FROM conversations c LEFT JOIN snapshots s ON s.state_id = c.id WHERE c.id = ?`,
  selectInfo: `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE id = ?`,
  list: `SELECT ${CONVERSATION_COLUMNS} FROM conversations ORDER BY updated_at DESC, num DESC LIMIT ? OFFSET ?`,
  count: "SELECT count(*) AS n FROM conversations",
  deleteConversation: "DELETE FROM conversations WHERE id = ?",
  deleteEntries: "DELETE FROM entries WHERE id BETWEEN (? << 32) AND (? << 32) + 0xFFFFFFFF",
  deleteSearchText: "DELETE FROM entry_search WHERE rowid BETWEEN (? << 32) AND (? << 32) + 0xFFFFFFFF",
  deleteLease: "DELETE FROM leases WHERE state_id = ?",
  renameConversation: "UPDATE conversations SET title = ? WHERE id = ?",
  // The new title is set in JavaScript: SQLite's json_set fails on JSON nested over 1,000 deep.
  renameSnapshot: "UPDATE snapshots SET body = ? WHERE state_id = ?",
} as const;

/** The statements one save runs. */
export const SAVE_STATEMENTS = [
  "conversationNum",
  "insertConversation",
  "insertEntry",
  "insertSearchText",
  "updateConversation",
  "countNewEntries",
  "putSnapshot",
  "selectHead",
] as const;
