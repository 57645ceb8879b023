/**
 * Version 3: an entry's searched text becomes a plain column, written by the store from
 * JavaScript, instead of a column SQLite computed with json_extract over the entry's JSON.
 *
 * SQLite's JSON functions stop at 1,000 levels of nesting, so an entry holding a deeper
 * tool input could not be saved; and an entry garbled on disk made every statement that
 * computed the column fail (the integrity check, deleting its conversation). With a
 * plain column SQLite never parses entry JSON. The text is now stored twice (in the
 * entry and in this column), the price of that.
 *
 * Existing entries get their text here, parsed in JavaScript; an entry that no longer
 * parses is left unindexed (reading its conversation reports the damage). The entry
 * index is rebuilt from the column, so it holds exactly what the triggers will delete.
 */
import type { Database } from "better-sqlite3";
import { SEARCHED_KINDS, searchTextOf } from "../entry-search-text";
import type { Migration } from "./migration";

/** Entries are read in pages, so a large history never sits in memory at once. */
const PAGE = 500;

function fillSearchText(db: Database): void {
  const kinds = SEARCHED_KINDS.map((kind) => `'${kind}'`).join(", ");
  const page = db.prepare<[number, number], { id: number; kind: string; body: string }>(
    `SELECT id, kind, body FROM entries WHERE id > ? AND kind IN (${kinds}) ORDER BY id LIMIT ?`,
  );
  const set = db.prepare<[string, number]>("UPDATE entries SET search_text = ? WHERE id = ?");
  for (let after = -1; ; ) {
    const rows = page.all(after, PAGE);
    if (rows.length === 0) return;
    for (const row of rows) {
      const text = searchTextOf({ kind: row.kind, text: textField(row.body) });
      if (text !== null) set.run(text, row.id);
    }
    after = rows[rows.length - 1].id;
  }
}

/** The entry's `text`, or undefined when its JSON is garbled on disk (it is left unindexed). */
function textField(body: string): unknown {
  try {
    const entry: unknown = JSON.parse(body);
    return entry !== null && typeof entry === "object" ? (entry as { text?: unknown }).text : undefined;
  } catch {
    return undefined;
  }
}

export const searchTextColumn: Migration = {
  version: 3,
  description: "entries' searched text as a plain column, taken out of the JSON by the store",
  creates: [],
  up(db) {
    db.exec(`
      DROP TRIGGER entries_search_insert;
      DROP TRIGGER entries_search_delete;
      DROP TRIGGER entries_search_update;
      ALTER TABLE entries DROP COLUMN search_text;
      ALTER TABLE entries ADD COLUMN search_text TEXT;
    `);
    fillSearchText(db);
    db.exec(`
      CREATE TRIGGER entries_search_insert AFTER INSERT ON entries WHEN new.search_text IS NOT NULL BEGIN
        INSERT INTO entry_search (rowid, search_text) VALUES (new.id, new.search_text);
      END;
      CREATE TRIGGER entries_search_delete AFTER DELETE ON entries WHEN old.search_text IS NOT NULL BEGIN
        INSERT INTO entry_search (entry_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      END;
      CREATE TRIGGER entries_search_update AFTER UPDATE ON entries BEGIN
        INSERT INTO entry_search (entry_search, rowid, search_text)
          SELECT 'delete', old.id, old.search_text WHERE old.search_text IS NOT NULL;
        INSERT INTO entry_search (rowid, search_text)
          SELECT new.id, new.search_text WHERE new.search_text IS NOT NULL;
      END;

      INSERT INTO entry_search (entry_search) VALUES ('delete-all');
      INSERT INTO entry_search (rowid, search_text)
        SELECT id, search_text FROM entries WHERE search_text IS NOT NULL;
    `);
  },
};
