/**
 * The numbered schema migrations of PostgresStore, from 1. Each runs in its own transaction,
 * and the schema's `schema_version` table records every version applied.
 * Every statement names its tables through the schema given (already quoted).
 */
import { bodyWordsFunction, entryWordsExpression, fasterBodyWordsFunction } from "../body-words";

/** The channel every schema's changes are announced on (the payload names the schema). */
export const CHANGES_CHANNEL = "alpine_changes";

export interface PostgresMigration {
  /** The schema version after this migration. */
  version: number;
  description: string;
  /** The statements, for the schema `s` (a quoted identifier). */
  up(s: string): string;
}

export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    description: "conversations, entries, leases and their search index",
    up: (s) => `
      CREATE TABLE ${s}.conversations (
        id text PRIMARY KEY,
        task text NOT NULL,
        title text NOT NULL,
        created_at text NOT NULL,
        updated_at text NOT NULL,
        stopped_by text,
        entry_count integer NOT NULL,
        stored_entries integer NOT NULL,
        snapshot text NOT NULL,
        search tsvector NOT NULL
      );
      CREATE INDEX conversations_newest ON ${s}.conversations (updated_at DESC, id DESC);
      CREATE INDEX conversations_search ON ${s}.conversations USING gin (search);
      CREATE TABLE ${s}.entries (
        state_id text NOT NULL,
        seq integer NOT NULL,
        body text NOT NULL,
        search tsvector,
        PRIMARY KEY (state_id, seq)
      );
      CREATE INDEX entries_search ON ${s}.entries USING gin (search) WHERE search IS NOT NULL;
      CREATE TABLE ${s}.leases (
        state_id text PRIMARY KEY,
        token text NOT NULL,
        holder text NOT NULL,
        expires_at timestamptz NOT NULL
      );`,
  },
  {
    version: 2,
    description: "conversation branches: each State's conversation, the parent it parts from, and States kept for another conversation",
    up: (s) => `
      ALTER TABLE ${s}.conversations
        ADD COLUMN conversation_id text,
        ADD COLUMN parent_id text,
        ADD COLUMN parent_seq integer,
        ADD COLUMN retained boolean NOT NULL DEFAULT false;
      UPDATE ${s}.conversations SET conversation_id = id;
      ALTER TABLE ${s}.conversations ALTER COLUMN conversation_id SET NOT NULL;
      CREATE INDEX conversations_by_conversation ON ${s}.conversations (conversation_id, updated_at DESC);
      CREATE INDEX conversations_by_parent ON ${s}.conversations (parent_id) WHERE parent_id IS NOT NULL;`,
  },
  {
    version: 3,
    description: "notifications: every change of a conversation's row or a lease is announced on the channel alpine_changes",
    up: (s) => `
      CREATE FUNCTION ${s}.notify_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${CHANGES_CHANNEL}', json_build_object('schema', TG_TABLE_SCHEMA, 'kind', 'conversation', 'op', lower(TG_OP),
          'id', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER conversations_notify AFTER INSERT OR UPDATE OR DELETE ON ${s}.conversations
        FOR EACH ROW EXECUTE FUNCTION ${s}.notify_conversation();
      CREATE FUNCTION ${s}.notify_lease() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${CHANGES_CHANNEL}', json_build_object('schema', TG_TABLE_SCHEMA, 'kind', 'lease', 'op', lower(TG_OP),
          'id', CASE WHEN TG_OP = 'DELETE' THEN OLD.state_id ELSE NEW.state_id END)::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER leases_notify_change AFTER INSERT OR DELETE ON ${s}.leases
        FOR EACH ROW EXECUTE FUNCTION ${s}.notify_lease();
      CREATE TRIGGER leases_notify_takeover AFTER UPDATE ON ${s}.leases
        FOR EACH ROW WHEN (OLD.token IS DISTINCT FROM NEW.token) EXECUTE FUNCTION ${s}.notify_lease();`,
  },
  {
    version: 4,
    description: "packed entry bodies: new entries are stored without their seq, a null error and an assistant turn's joined text (see entry-body.ts)",
    // Rows already stored keep their whole JSON (both forms read the same). The column is renamed so that
    // an older version still connected fails loudly at its next statement instead of misreading new rows.
    up: (s) => `
      ALTER TABLE ${s}.entries RENAME COLUMN body TO packed_body;
      COMMENT ON COLUMN ${s}.entries.packed_body IS 'An entry''s JSON; from schema version 4 without its seq (the row''s), its error when null, and an assistant turn''s text when it is the join of its text blocks';`,
  },
  {
    version: 5,
    description: "when a person last chose to see a branch, apart from when it was updated",
    // Choosing a branch sets shown_at and keeps updated_at, so the conversation keeps its place in
    // the list; a conversation shows its branch with the latest of the two. Rows stored have none.
    up: (s) => `ALTER TABLE ${s}.conversations ADD COLUMN shown_at text;`,
  },
  {
    version: 6,
    description: "smaller on disk: an entry's search words derived from its body by the index when they can be, search indexes written straight into their trees, and a branch index whose key no save changes",
    // entries.search becomes entries.words, NULL when the index derives the words from the body (see
    // body-words.ts). A NULL there meant "no words" before: such rows say so explicitly now. Renaming
    // the column makes an older version still connected fail loudly instead of writing NULLs that mean
    // something else now.
    // A GIN index's fast-update list holds each insert unpacked until a vacuum merges it: megabytes
    // while a conversation is written, since every save of a conversation's row (a new row version)
    // adds its title's words again. Straight into the tree, each word's row list stays compressed.
    // A conversation's row gets a new version at every save (its updated_at is indexed, so never a HOT
    // update): with its pages half full, a page is pruned of the dead versions while there is still
    // room on it for the next one, instead of each save taking room further on.
    // conversations_by_conversation lost updated_at, which every save changes: an index whose key a
    // save leaves alone drops the dead versions of a row itself (bottom-up deletion) instead of
    // growing by one entry per save until a vacuum.
    up: (s) => `
      ${bodyWordsFunction(s)}
      DROP INDEX ${s}.entries_search;
      ALTER TABLE ${s}.entries RENAME COLUMN search TO words;
      UPDATE ${s}.entries SET words = ''::tsvector WHERE words IS NULL;
      CREATE INDEX entries_words ON ${s}.entries USING gin ((${entryWordsExpression(s)})) WITH (fastupdate = off);
      ALTER INDEX ${s}.conversations_search SET (fastupdate = off);
      ALTER TABLE ${s}.conversations SET (fillfactor = 50);
      DROP INDEX ${s}.conversations_by_conversation;
      CREATE INDEX conversations_by_conversation ON ${s}.conversations (conversation_id);
      DROP INDEX ${s}.conversations_newest;
      CREATE INDEX conversations_newest ON ${s}.conversations (updated_at DESC);`,
  },
  {
    version: 7,
    description: "the list's order in a small table of its own, so that a save rewrites the conversation's row in place (a HOT update) and adds nothing to its indexes; entries keyed by a short number for their State instead of its id",
    // Every save changes updated_at. While it was indexed in the conversation's row, no save could
    // be a HOT update: each new version of the row (task, title, snapshot, search words) added an
    // entry to every index of the table, the title's words to the GIN index among them, until a
    // vacuum. With the order in conversations_order, a save changes no indexed column of the
    // conversation's row: the new version goes on the same page (its fillfactor of 50 keeps room)
    // and the old one is pruned there. Only the order's row, two short columns, gets a new index
    // entry per save; its index is ascending, so the newest key goes to the last leaf, and a leaf
    // split there leaves the full page full (fillfactor 100) instead of half empty.
    // The foreign key deletes a conversation's order with it, whoever deletes the row.
    // Each entry's row and primary key held its State's id (a 32-character text, more with a
    // branch's): now a 4-byte state_key, the conversation row's own number (never reused, so entries
    // left behind by a row deleted by hand never join a new State of the same id). The entries are
    // copied into a new table rather than updated in place, which would leave every row's old
    // version behind; its columns are ordered so that no padding falls between them.
    up: (s) => `
      CREATE TABLE ${s}.conversations_order (
        id text PRIMARY KEY REFERENCES ${s}.conversations (id) ON DELETE CASCADE,
        updated_at text NOT NULL
      ) WITH (fillfactor = 50);
      INSERT INTO ${s}.conversations_order (id, updated_at) SELECT id, updated_at FROM ${s}.conversations;
      CREATE INDEX conversations_order_newest ON ${s}.conversations_order (updated_at) WITH (fillfactor = 100);
      DROP INDEX ${s}.conversations_newest;
      ALTER TABLE ${s}.conversations ADD COLUMN state_key integer GENERATED BY DEFAULT AS IDENTITY;
      ALTER TABLE ${s}.conversations ADD CONSTRAINT conversations_state_key UNIQUE (state_key);
      CREATE TABLE ${s}.entries_keyed (
        state_key integer NOT NULL,
        seq integer NOT NULL,
        packed_body text NOT NULL,
        words tsvector,
        CONSTRAINT entries_keyed_pkey PRIMARY KEY (state_key, seq)
      );
      INSERT INTO ${s}.entries_keyed (state_key, seq, packed_body, words)
        SELECT c.state_key, e.seq, e.packed_body, e.words FROM ${s}.entries e JOIN ${s}.conversations c ON c.id = e.state_id ORDER BY c.state_key, e.seq;
      DROP TABLE ${s}.entries;
      ALTER TABLE ${s}.entries_keyed RENAME TO entries;
      ALTER INDEX ${s}.entries_keyed_pkey RENAME TO entries_pkey;
      CREATE INDEX entries_words ON ${s}.entries USING gin ((${entryWordsExpression(s)})) WITH (fastupdate = off);
      COMMENT ON COLUMN ${s}.entries.packed_body IS 'An entry''s JSON; from schema version 4 without its seq (the row''s), its error when null, and an assistant turn''s text when it is the join of its text blocks';
      COMMENT ON COLUMN ${s}.entries.state_key IS 'The State''s conversations.state_key (schema version 7)';`,
  },
  {
    version: 8,
    description: "an entry's search words derived sooner: body_words lowers the letters A-Z with lower() in the C collation instead of translate(), the same words in a quarter of the time",
    // The index over entries evaluates body_words at every save. Its words do not change, so the
    // index built by the old body stays right and nothing is indexed again
    // (test/store/postgres-faster-body-words.test.ts compares both bodies on thousands of texts).
    up: (s) => fasterBodyWordsFunction(s),
  },
];
