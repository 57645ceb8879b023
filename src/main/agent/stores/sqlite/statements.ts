/**
 * The SQL of SqliteStore's reads and writes, prepared once per store. Kept in one place
 * so a test can check every statement's query plan: a save looks rows up by key only,
 * so its cost does not grow with the number of entries or conversations.
 */
import { CONVERSATION_COLUMNS } from "./conversation-row";
import { CONVERSATION_CHECKSUM_SQL } from "./row-checksum";
import { compiledOnceParam } from "./compiled-once-param";

/** A listed State with entries whose last run did not end by itself. */
const UNFINISHED = `retained = 0 AND (stopped_by IS NULL OR stopped_by = 'aborted')
  AND entry_count + CASE WHEN parent_id IS NULL THEN 0 ELSE parent_seq + 1 END > 0`;

/** The row's columns, of the shown branch (aliased `s`). */
const SHOWN_COLUMNS = CONVERSATION_COLUMNS.split(", ")
  .map((column) => `s.${column}`)
  .join(", ");

/** A parameter the planner does not read: each read with an ORDER BY, a join or a LIMIT is compiled once (compiled-once-param.ts). */
const PARAM = compiledOnceParam();

/** When a row was updated or shown last, whichever is later (schema version 7). */
const SEEN_AT = (alias: string) => `max(${alias}.updated_at, coalesce(${alias}.shown_at, ''))`;

export const STORE_SQL = {
  conversationNum: "SELECT num FROM conversations WHERE id = ?",
  insertConversation: `
    INSERT INTO conversations (id, task, title, created_at, updated_at, stopped_by, entry_count, conversation_id, parent_id, parent_seq, retained, shown_at)
    VALUES (:id, :task, :title, :createdAt, :updatedAt, :stoppedBy, 0, :conversationId, :parentId, :parentSeq, :retained, :shownAt)
    RETURNING num`,
  // An entry's id is (conversation num << 32) + seq: a conversation's entries are one key range,
  // and search groups hits by it. The search index is contentless: its rows are written here (migration 4).
  insertEntry: "INSERT OR IGNORE INTO entries (id, kind, body, checksum) VALUES ((? << 32) + ?, ?, ?, ?)",
  insertSearchText: "INSERT INTO entry_search (rowid, search_text) VALUES ((? << 32) + ?, ?)",
  updateConversation: `
    UPDATE conversations SET task = :task, title = :title, created_at = :createdAt, updated_at = :updatedAt,
      stopped_by = :stoppedBy, entry_count = entry_count + :added,
      conversation_id = :conversationId, parent_id = :parentId, parent_seq = :parentSeq, retained = :retained, shown_at = :shownAt
    WHERE id = :id`,
  countNewEntries: "UPDATE conversations SET entry_count = entry_count + ? WHERE id = ?",
  // After every change of a conversation's row, its checksum (schema version 6) from the values it now has.
  stampConversation: `UPDATE conversations SET checksum = ${CONVERSATION_CHECKSUM_SQL} WHERE id = ?`,
  putSnapshot: `
    INSERT INTO snapshots (state_id, body, checksum) VALUES (?, ?, ?)
    ON CONFLICT (state_id) DO UPDATE SET body = excluded.body, checksum = excluded.checksum`,
  // A conversation's entries of seqs [from, through], at most `limit` of them: one key range. A load
  // reads its history (a branch's ancestor: up to its fork point; a page: its seqs) a chunk at a time.
  selectEntryChunk: `SELECT id & 0xFFFFFFFF AS seq, kind, body, checksum FROM entries WHERE id BETWEEN (? << 32) + ? AND (? << 32) + ? ORDER BY id LIMIT ${PARAM}`,
  selectSnapshot: "SELECT body, checksum FROM snapshots WHERE state_id = ?",
  // The snapshot and the stored entry count, without reading the history (a staleness check per save).
  selectHead: `
    SELECT c.entry_count AS entryCount, s.body AS body, s.checksum AS checksum
    FROM conversations c LEFT JOIN snapshots s ON s.state_id = c.id WHERE c.id = ${PARAM}`,
  selectInfo: `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE id = ?`,
  // Every row read from the table itself, past its indexes: what a failed lookup checks against.
  scanConversations: `SELECT ${CONVERSATION_COLUMNS} FROM conversations NOT INDEXED`,
  list: `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE retained = 0 OR ${PARAM} ORDER BY updated_at DESC, num DESC LIMIT ${PARAM} OFFSET ${PARAM}`,
  count: "SELECT count(*) AS n FROM conversations WHERE retained = 0",
  // One row per conversation: the branch shown (updated or shown last, `s`), dated and ordered by
  // the conversation's last update (its newest branch, `c`), and how many branches it has. Read in
  // the order of the updated_at index, keeping a row when no branch of its conversation is newer,
  // so a page costs its own rows (and their branches), not the whole table.
  listConversations: `
    SELECT ${SHOWN_COLUMNS}, c.updated_at AS conversation_updated_at,
      (SELECT count(*) FROM conversations b WHERE b.conversation_id = c.conversation_id AND b.retained = 0) AS branch_count
    FROM conversations c JOIN conversations s ON s.conversation_id = c.conversation_id AND s.retained = 0
    WHERE c.retained = 0 AND NOT EXISTS (
      SELECT 1 FROM conversations n
      WHERE n.conversation_id = c.conversation_id AND n.retained = 0
        AND (n.updated_at > c.updated_at OR (n.updated_at = c.updated_at AND n.num > c.num)))
    AND NOT EXISTS (
      SELECT 1 FROM conversations n
      WHERE n.conversation_id = s.conversation_id AND n.retained = 0
        AND (${SEEN_AT("n")} > ${SEEN_AT("s")} OR (${SEEN_AT("n")} = ${SEEN_AT("s")} AND n.num > s.num)))
    ORDER BY c.updated_at DESC, c.num DESC LIMIT ${PARAM} OFFSET ${PARAM}`,
  // The conversation ids from the conversation index alone (no table read), less those whose every row is retained.
  countConversations: `
    SELECT (SELECT count(DISTINCT conversation_id) FROM conversations)
      - (SELECT count(DISTINCT r.conversation_id) FROM conversations r WHERE r.retained = 1
          AND NOT EXISTS (SELECT 1 FROM conversations k WHERE k.conversation_id = r.conversation_id AND k.retained = 0)) AS n`,
  // Runs that did not end by themselves (a process ended mid-run: stopped_by NULL; or stopped), never reading a history.
  listUnfinished: `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE ${UNFINISHED} ORDER BY updated_at DESC, num DESC LIMIT ${PARAM}`,
  countUnfinished: `SELECT count(*) AS n FROM conversations WHERE ${UNFINISHED}`,
  listBranches: `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE conversation_id = ${PARAM} AND retained = 0 ORDER BY updated_at DESC, num DESC`,
  deleteConversation: "DELETE FROM conversations WHERE id = ?",
  deleteEntries: "DELETE FROM entries WHERE id BETWEEN (? << 32) AND (? << 32) + 0xFFFFFFFF",
  deleteSearchText: "DELETE FROM entry_search WHERE rowid BETWEEN (? << 32) AND (? << 32) + 0xFFFFFFFF",
  deleteLease: "DELETE FROM leases WHERE state_id = ?",
  renameConversation: "UPDATE conversations SET title = ? WHERE id = ?",
  // The new title is set in JavaScript: SQLite's json_set fails on JSON nested over 1,000 deep.
  renameSnapshot: "UPDATE snapshots SET body = ?, checksum = ? WHERE state_id = ?",
} as const;

/** The statements one save runs. */
export const SAVE_STATEMENTS = [
  "conversationNum",
  "insertConversation",
  "insertEntry",
  "insertSearchText",
  "updateConversation",
  "countNewEntries",
  "stampConversation",
  "putSnapshot",
  "selectHead",
] as const;
