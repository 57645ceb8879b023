/**
 * Search over conversations: task, title, and the text of user messages, assistant
 * turns and tool results (FTS5 tables of schema version 2). Results are whole
 * conversations, newest first, each with a snippet of its latest matching entry
 * (or of its title or task when only those match).
 */
import type BetterSqlite3 from "better-sqlite3";
import type { SavedStateInfo } from "../snapshot";
import { toMatchExpression } from "./search-query";
import { type ConversationRow, toSavedStateInfo } from "./conversation-row";

export interface SearchOptions {
  /** At most this many results (default 50). */
  limit?: number;
  /** Skip this many of the newest matches. */
  offset?: number;
}

export interface SearchResult extends SavedStateInfo {
  /** A short piece of the matching text, with "…" where it was cut. */
  snippet: string;
}

const SNIPPET_WORDS = 12;

const MATCHES = `
  WITH entry_hits AS (
    SELECT e.state_id AS id, max(e.id) AS entry_id
    FROM entry_search JOIN entries e ON e.id = entry_search.rowid
    WHERE entry_search MATCH :query
    GROUP BY e.state_id
  ),
  title_hits AS (
    SELECT c.id AS id, NULL AS entry_id
    FROM conversation_search JOIN conversations c ON c.num = conversation_search.rowid
    WHERE conversation_search MATCH :query
  ),
  matches AS (
    SELECT id, max(entry_id) AS entry_id
    FROM (SELECT * FROM entry_hits UNION ALL SELECT * FROM title_hits)
    GROUP BY id
  )`;

interface MatchRow extends ConversationRow {
  num: number;
  entry_id: number | null;
}

export class SqliteSearch {
  private readonly find: BetterSqlite3.Statement<[{ query: string; limit: number; offset: number }], MatchRow>;
  private readonly countMatches: BetterSqlite3.Statement<[{ query: string }], number>;
  private readonly entrySnippet: BetterSqlite3.Statement<[string, number], string>;
  private readonly titleSnippet: BetterSqlite3.Statement<[string, number], string>;

  constructor(db: BetterSqlite3.Database) {
    this.find = db.prepare(`${MATCHES}
      SELECT c.num, c.id, c.task, c.title, c.created_at, c.updated_at, c.stopped_by, c.entry_count, m.entry_id
      FROM matches m JOIN conversations c ON c.id = m.id
      ORDER BY c.updated_at DESC, c.num DESC
      LIMIT :limit OFFSET :offset`);
    this.countMatches = db.prepare(`${MATCHES} SELECT count(*) FROM matches`).pluck() as typeof this.countMatches;
    this.entrySnippet = db
      .prepare(
        `SELECT snippet(entry_search, 0, '', '', '…', ${SNIPPET_WORDS}) FROM entry_search
         WHERE entry_search MATCH ? AND rowid = ?`,
      )
      .pluck() as typeof this.entrySnippet;
    this.titleSnippet = db
      .prepare(
        `SELECT snippet(conversation_search, -1, '', '', '…', ${SNIPPET_WORDS}) FROM conversation_search
         WHERE conversation_search MATCH ? AND rowid = ?`,
      )
      .pluck() as typeof this.titleSnippet;
  }

  search(input: string, options: SearchOptions = {}): SearchResult[] {
    const query = toMatchExpression(input);
    if (query === null) return [];
    const limit = Math.max(0, Math.floor(options.limit ?? 50));
    const offset = Math.max(0, Math.floor(options.offset ?? 0));
    return this.find.all({ query, limit, offset }).map((row) => ({
      ...toSavedStateInfo(row),
      snippet:
        (row.entry_id !== null ? this.entrySnippet.get(query, row.entry_id) : this.titleSnippet.get(query, row.num)) ?? row.title,
    }));
  }

  count(input: string): number {
    const query = toMatchExpression(input);
    return query === null ? 0 : (this.countMatches.get({ query }) ?? 0);
  }
}
