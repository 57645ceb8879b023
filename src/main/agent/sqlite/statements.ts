/**
 * The SQL of SqliteStore's reads and writes, prepared once per store. Kept in one place
 * so a test can check every statement's query plan: a save looks rows up by key only,
 * so its cost does not grow with the number of entries or conversations.
 */
import { CONVERSATION_COLUMNS } from "./conversation-row";

export const STORE_SQL = {
  conversationExists: "SELECT num FROM conversations WHERE id = ?",
  insertEntry: "INSERT OR IGNORE INTO entries (state_id, seq, kind, body) VALUES (?, ?, ?, ?)",
  upsertConversation: `
    INSERT INTO conversations (id, task, title, created_at, updated_at, stopped_by, entry_count)
    VALUES (:id, :task, :title, :createdAt, :updatedAt, :stoppedBy, :added)
    ON CONFLICT (id) DO UPDATE SET task = excluded.task, title = excluded.title,
      created_at = excluded.created_at, updated_at = excluded.updated_at,
      stopped_by = excluded.stopped_by, entry_count = entry_count + excluded.entry_count`,
  countNewEntries: "UPDATE conversations SET entry_count = entry_count + ? WHERE id = ?",
  putSnapshot: `
    INSERT INTO snapshots (state_id, body) VALUES (?, ?)
    ON CONFLICT (state_id) DO UPDATE SET body = excluded.body`,
  selectEntries: "SELECT seq, body FROM entries WHERE state_id = ? ORDER BY seq",
  selectSnapshot: "SELECT body FROM snapshots WHERE state_id = ?",
  selectInfo: `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE id = ?`,
  list: `SELECT ${CONVERSATION_COLUMNS} FROM conversations ORDER BY updated_at DESC, num DESC LIMIT ? OFFSET ?`,
  count: "SELECT count(*) AS n FROM conversations",
  deleteConversation: "DELETE FROM conversations WHERE id = ?",
  deleteLease: "DELETE FROM leases WHERE state_id = ?",
  renameConversation: "UPDATE conversations SET title = ? WHERE id = ?",
  renameSnapshot: "UPDATE snapshots SET body = json_set(body, '$.title', ?) WHERE state_id = ?",
} as const;

/** The statements one save runs. */
export const SAVE_STATEMENTS = ["conversationExists", "insertEntry", "upsertConversation", "countNewEntries", "putSnapshot"] as const;
