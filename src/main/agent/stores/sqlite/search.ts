/**
 * Search over conversations: task, title, and the text of user messages, assistant
 * turns and tool results (FTS5 tables of schema version 2; the entries' one is contentless
 * from version 4, so a hit's text is read from its one entry, never a whole history).
 * Results are conversations, one each, newest first: its matching branch (docs/branches.md:
 * each branch's own entries are indexed under it; search-types.ts says which one when several
 * match), with a marked snippet of its latest matching entry (or of its
 * conversation's title or task when only those match, on the conversation's first State).
 *
 * An entry's rowid is (conversation num << 32) + seq, so hits are grouped by
 * conversation straight from the index, without reading the entries. Title hits are read
 * from the index first (CROSS JOIN keeps that order): asked per conversation instead
 * ("rowid IN (...)"), FTS5 runs the whole query once for each of them.
 */
import type BetterSqlite3 from "better-sqlite3";
import { type ConversationRow, toSavedStateInfo } from "./conversation-row";
import { QueryTerms, prefixQuery } from "./query-terms";
import { compiledOnceParam } from "./compiled-once-param";
import { searchWords } from "../search/search-words";
import { type SearchOptions, type SearchPage, pageBounds } from "../search/search-types";
import { type MarkedSnippet, markedSnippet } from "../search/snippet";
import { titleText } from "../search/search-scan";
import { entryFromRow } from "./entry-row";
import { searchTextOf } from "./entry-search-text";

export type { SearchOptions, SearchPage, SearchResult, SnippetMark } from "../search/search-types";

/**
 * The matching States (num) and the seq of each one's latest matching entry (null: a title or
 * task hit) in `matches`; in `found`, one of them per conversation (see search-types.ts).
 */
export const MATCHES = `
  WITH entry_hits AS (
    SELECT rowid >> 32 AS num, max(rowid) & 0xFFFFFFFF AS seq
    FROM entry_search WHERE entry_search MATCH :query
    GROUP BY num
  ),
  title_hits AS (
    SELECT s.rowid AS num, NULL AS seq FROM conversation_search s CROSS JOIN conversations c ON c.num = s.rowid
    WHERE conversation_search MATCH :query AND c.conversation_id = c.id
  ),
  matches AS (
    SELECT num, max(seq) AS seq
    FROM (SELECT * FROM entry_hits UNION ALL SELECT * FROM title_hits)
    GROUP BY num
  ),
  found AS (
    SELECT num, seq FROM (
      SELECT m.num, m.seq, row_number() OVER (PARTITION BY c.conversation_id
        ORDER BY m.seq IS NULL, max(c.updated_at, coalesce(c.shown_at, '')) DESC, c.num DESC) AS rank
      FROM matches m JOIN conversations c ON c.num = m.num AND c.retained = 0
    ) WHERE rank = 1
  )`;

interface MatchRow extends ConversationRow {
  num: number;
  hit_seq: number | null;
  total: number;
}

export class SqliteSearch {
  private readonly find: BetterSqlite3.Statement<[{ query: string; limit: number; offset: number }], MatchRow>;
  private readonly countMatches: BetterSqlite3.Statement<[{ query: string }], { n: number }>;
  private readonly hitText: BetterSqlite3.Statement<[number, number], { kind: string; body: string }>;
  private readonly terms: QueryTerms;

  constructor(db: BetterSqlite3.Database) {
    this.find = db.prepare(`${MATCHES}
      SELECT c.num, c.id, c.task, c.title, c.created_at, c.updated_at, c.stopped_by, c.entry_count,
        c.conversation_id, c.parent_id, c.parent_seq, c.retained, c.checksum, c.shown_at,
        m.seq AS hit_seq, count(*) OVER () AS total
      FROM found m JOIN conversations c ON c.num = m.num
      ORDER BY c.updated_at DESC, c.num DESC
      LIMIT ${compiledOnceParam("limit")} OFFSET ${compiledOnceParam("offset")}`);
    this.countMatches = db.prepare(`${MATCHES} SELECT count(*) AS n FROM found`);
    this.hitText = db.prepare("SELECT kind, body FROM entries WHERE id = (? << 32) + ?");
    this.terms = new QueryTerms(db);
  }

  page(input: string, options: SearchOptions = {}): SearchPage {
    const query = prefixQuery(this.terms.of(input));
    if (query === null) return { items: [], total: 0 };
    const words = searchWords(input);
    const { limit, offset } = pageBounds(options);
    const rows = this.find.all({ query, limit, offset });
    const items = rows.map((row) => ({ ...toSavedStateInfo(row), ...this.snippetOf(row, words), hitSeq: row.hit_seq }));
    return { items, total: rows[0]?.total ?? (offset > 0 ? this.count(input) : 0) };
  }

  count(input: string): number {
    const query = prefixQuery(this.terms.of(input));
    return query === null ? 0 : (this.countMatches.get({ query })?.n ?? 0);
  }

  private snippetOf(row: MatchRow, words: string[]): MarkedSnippet {
    if (row.hit_seq !== null) {
      const text = this.textOf(row.num, row.hit_seq);
      if (text !== null) return markedSnippet(text, words);
    }
    return markedSnippet(titleText(row), words);
  }

  /** The searched text of one entry (the index keeps none of it), or null when its body no longer parses. */
  private textOf(num: number, seq: number): string | null {
    const row = this.hitText.get(num, seq);
    if (row === undefined) return null;
    try {
      return searchTextOf(entryFromRow(seq, row.kind, JSON.parse(row.body) as Record<string, unknown>));
    } catch {
      return null;
    }
  }
}
