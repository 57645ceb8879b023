/**
 * Search over conversations: task, title, and the text of user messages, assistant turns
 * and tool results (GIN indexes of tsvectors). Results are conversations, one each, newest
 * first: its matching branch (each branch's own entries are stored under it; see
 * search-types.ts for which one when several match), with a marked snippet of its latest
 * matching entry, read from that one row (or of its conversation's title or task when only
 * those match, on the conversation's first State). The words are folded in JavaScript for
 * the index, so the snippet is made here too rather than by ts_headline, which would fold
 * the text its own way.
 */
import type pg from "pg";
import { type SearchOptions, type SearchPage, type SearchResult, pageBounds } from "../search/search-types";
import { searchWords } from "../search/search-words";
import { searchTextOf } from "../sqlite/entry-search-text";
import { type MarkedSnippet, markedSnippet } from "../search/snippet";
import { titleText } from "../search/search-scan";
import { prefixTsQuery } from "./search-words";
import { entryFromBody } from "./entry-body";
import { entryWordsExpression } from "./body-words";
import { type InfoRow, toSavedStateInfo } from "./info-row";
import { KEY } from "./statements";

interface MatchRow extends InfoRow {
  hit_seq: number | null;
  total: number;
}

const MATCHES = (s: string) => `
  WITH entry_hits AS (
    SELECT c.id, h.seq FROM (
      SELECT state_key, max(seq) AS seq FROM ${s}.entries WHERE ${entryWordsExpression(s)} @@ $1::tsquery GROUP BY state_key
    ) AS h JOIN ${s}.conversations c ON c.state_key = h.state_key
  ), title_hits AS (
    SELECT id, NULL::int AS seq FROM ${s}.conversations WHERE search @@ $1::tsquery AND NOT retained AND conversation_id = id
  ), matches AS (
    SELECT id, max(seq) AS seq FROM (SELECT * FROM entry_hits UNION ALL SELECT * FROM title_hits) AS m GROUP BY id
  ), found AS (
    SELECT id, seq FROM (
      SELECT m.id, m.seq, row_number() OVER (PARTITION BY c.conversation_id
        ORDER BY m.seq IS NULL, greatest(c.updated_at, c.shown_at) DESC, c.id DESC) AS rank
      FROM matches m JOIN ${s}.conversations c ON c.id = m.id AND NOT c.retained
    ) AS ranked WHERE rank = 1
  )`;

export class PostgresSearch {
  private readonly find: string;
  private readonly countMatches: string;
  private readonly hitBody: string;

  constructor(
    private readonly query: (text: string, values: unknown[]) => Promise<pg.QueryResult>,
    s: string,
  ) {
    this.find = `${MATCHES(s)}
      SELECT c.id, c.task, c.title, c.created_at, c.updated_at, c.stopped_by, c.entry_count,
        c.conversation_id, c.parent_id, c.parent_seq, c.retained, c.shown_at, m.seq AS hit_seq, (count(*) OVER ())::int AS total
      FROM found m JOIN ${s}.conversations c ON c.id = m.id
      ORDER BY c.updated_at DESC, c.id DESC LIMIT $2 OFFSET $3`;
    this.countMatches = `${MATCHES(s)} SELECT count(*)::int AS n FROM found`;
    this.hitBody = `SELECT packed_body AS body FROM ${s}.entries WHERE state_key = (${KEY(s)}) AND seq = $2`;
  }

  async page(input: string, options: SearchOptions = {}): Promise<SearchPage> {
    const tsquery = prefixTsQuery(input);
    if (tsquery === null) return { items: [], total: 0 };
    const { limit, offset } = pageBounds(options);
    const rows = (await this.query(this.find, [tsquery, limit, offset])).rows as MatchRow[];
    const words = searchWords(input);
    const items: SearchResult[] = await Promise.all(rows.map(async (row) => ({ ...toSavedStateInfo(row), ...(await this.snippetOf(row, words)), hitSeq: row.hit_seq })));
    return { items, total: rows[0]?.total ?? (offset > 0 ? await this.count(input) : 0) };
  }

  async count(input: string): Promise<number> {
    const tsquery = prefixTsQuery(input);
    if (tsquery === null) return 0;
    return ((await this.query(this.countMatches, [tsquery])).rows[0]?.n as number | undefined) ?? 0;
  }

  private async snippetOf(row: MatchRow, words: string[]): Promise<MarkedSnippet> {
    if (row.hit_seq !== null) {
      const found = await this.query(this.hitBody, [row.id, row.hit_seq]);
      const text = found.rows.length === 0 ? null : textOf(row.hit_seq, found.rows[0].body as string);
      if (text !== null) return markedSnippet(text, words);
    }
    return markedSnippet(titleText(row), words);
  }
}

function textOf(seq: number, body: string): string | null {
  try {
    return searchTextOf(entryFromBody(seq, JSON.parse(body)) as { kind?: unknown; text?: unknown });
  } catch {
    return null;
  }
}
