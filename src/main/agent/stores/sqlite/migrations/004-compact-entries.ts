/**
 * Version 4: each entry's text is stored once.
 *
 * Up to version 3 an entry's text sat in its JSON body, again in the `search_text`
 * column, and a third time inside the search index's own copy of the rows; the entry's
 * conversation was a 36-character id in every row plus an index on (state_id, seq). Now:
 * - `entries` is (id, kind, body): the id alone is the key ((conversation num << 32) + seq,
 *   so a conversation's entries are one range of the primary key), with no second index;
 * - `entry_search` is a contentless FTS5 table: it keeps which entries hold which terms,
 *   not the text, nor the terms' positions (detail=none), nor prefix indexes. Search asks
 *   for terms as prefixes, every one of them, never for phrases (query-terms.ts), so it
 *   needs no more. The store inserts and deletes its rows by id, from JavaScript;
 * - bodies written from now on leave out what the row already says (entry-row.ts).
 * Bodies written before stay as they are: reading accepts both.
 */
import type { Migration } from "./migration";
import { SEARCH_TOKENIZER } from "../search-tokenizer";

export const compactEntries: Migration = {
  version: 4,
  description: "entries keyed by id alone, their text stored once, a contentless search index",
  creates: [],
  up(db) {
    db.exec(`
      DROP TRIGGER entries_search_insert;
      DROP TRIGGER entries_search_delete;
      DROP TRIGGER entries_search_update;

      CREATE TABLE entries_v4 (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        body TEXT NOT NULL
      );
      INSERT INTO entries_v4 (id, kind, body)
        SELECT e.id, e.kind, e.body FROM entries e JOIN conversations c ON c.id = e.state_id
        WHERE e.id = (c.num << 32) + e.seq
        ORDER BY e.id;

      CREATE VIRTUAL TABLE entry_search_v4 USING fts5(
        search_text, content = '', contentless_delete = 1, detail = none, tokenize = '${SEARCH_TOKENIZER}'
      );
      INSERT INTO entry_search_v4 (rowid, search_text)
        SELECT id, search_text FROM entries WHERE search_text IS NOT NULL AND id IN (SELECT id FROM entries_v4);

      DROP TABLE entry_search;
      DROP TABLE entries;
      ALTER TABLE entries_v4 RENAME TO entries;
      ALTER TABLE entry_search_v4 RENAME TO entry_search;
    `);
  },
};
