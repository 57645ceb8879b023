/**
 * The terms of what a person typed, cut by the search index's own tokenizer.
 *
 * The entry index keeps no positions (detail=none, schema version 4), so it can only match
 * single terms: a quoted "word" that the tokenizer cuts in two would be a phrase, which
 * it refuses. Splitting the input with the very tokenizer the index uses (a scratch FTS5
 * table in this connection's temp schema) gives exactly the terms the index holds, folded
 * the same way (case and accents), whatever the script.
 */
import type BetterSqlite3 from "better-sqlite3";
import { SEARCH_TOKENIZER } from "./search-tokenizer";

/** Enough terms for any real query; more only slows the search down. */
const MAX_TERMS = 16;

interface Statements {
  clear: BetterSqlite3.Statement;
  put: BetterSqlite3.Statement<[string]>;
  read: BetterSqlite3.Statement<[], { term: string }>;
}

export class QueryTerms {
  private statements: Statements | null = null;

  constructor(private readonly db: BetterSqlite3.Database) {}

  /** Made at the first search: opening a store reads no more of the schema than it must. */
  private prepare(): Statements {
    const db = this.db;
    db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.query_text USING fts5(q, content = '', detail = none, tokenize = '${SEARCH_TOKENIZER}');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.query_terms USING fts5vocab(temp, query_text, 'row');
    `);
    return {
      clear: db.prepare("INSERT INTO temp.query_text (query_text) VALUES ('delete-all')"),
      put: db.prepare("INSERT INTO temp.query_text (rowid, q) VALUES (1, ?)"),
      read: db.prepare("SELECT term FROM temp.query_terms ORDER BY term"),
    };
  }

  /** The distinct terms of `input`, at most 16. */
  of(input: string): string[] {
    const { clear, put, read } = (this.statements ??= this.prepare());
    clear.run();
    put.run(input);
    const terms = read.all().map((row) => row.term);
    clear.run();
    return terms.slice(0, MAX_TERMS);
  }
}

/** The FTS5 MATCH expression asking for every term as a prefix, or null when there is none. */
export function prefixQuery(terms: string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((term) => `"${term.replace(/"/g, '""')}"*`).join(" ");
}
