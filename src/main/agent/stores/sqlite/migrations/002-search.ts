/**
 * Version 2: full-text search over conversations with FTS5.
 *
 * Both search tables are external-content tables: they index text that lives in
 * `conversations` (title, task) and `entries` (a virtual column picking the text of
 * user messages, assistant turns and tool results out of the JSON), so no text is
 * stored twice. Triggers keep the index in the same transaction as the rows.
 *
 * Entry rows are renumbered to id = (conversation num << 32) + seq, and new entries
 * get such ids, so a search hit tells its conversation by its rowid alone: grouping
 * thousands of hits by conversation needs no lookup per hit.
 * Existing conversations are indexed by the migration itself.
 */
import type { Migration } from "./migration";

const TOKENIZER = "unicode61 remove_diacritics 2";

export const searchSchema: Migration = {
  version: 2,
  description: "full-text search over titles, tasks and message text",
  creates: ["entry_search", "conversation_search"],
  up(db) {
    db.exec(`
      UPDATE entries SET id = coalesce(((SELECT c.num FROM conversations c WHERE c.id = entries.state_id) << 32) + seq, id);

      ALTER TABLE entries ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
        CASE WHEN kind IN ('user', 'assistant', 'tool_result') THEN json_extract(body, '$.text') END
      ) VIRTUAL;

      CREATE VIRTUAL TABLE entry_search USING fts5(
        search_text, content = 'entries', content_rowid = 'id', tokenize = '${TOKENIZER}', prefix = '2 3'
      );
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

      CREATE VIRTUAL TABLE conversation_search USING fts5(
        title, task, content = 'conversations', content_rowid = 'num', tokenize = '${TOKENIZER}', prefix = '2 3'
      );
      CREATE TRIGGER conversations_search_insert AFTER INSERT ON conversations BEGIN
        INSERT INTO conversation_search (rowid, title, task) VALUES (new.num, new.title, new.task);
      END;
      CREATE TRIGGER conversations_search_delete AFTER DELETE ON conversations BEGIN
        INSERT INTO conversation_search (conversation_search, rowid, title, task)
          VALUES ('delete', old.num, old.title, old.task);
      END;
      CREATE TRIGGER conversations_search_update AFTER UPDATE OF title, task ON conversations
        WHEN old.title IS NOT new.title OR old.task IS NOT new.task BEGIN
        INSERT INTO conversation_search (conversation_search, rowid, title, task)
          VALUES ('delete', old.num, old.title, old.task);
        INSERT INTO conversation_search (rowid, title, task) VALUES (new.num, new.title, new.task);
      END;

      INSERT INTO entry_search (rowid, search_text)
        SELECT id, search_text FROM entries WHERE search_text IS NOT NULL;
      INSERT INTO conversation_search (conversation_search) VALUES ('rebuild');
    `);
  },
};
