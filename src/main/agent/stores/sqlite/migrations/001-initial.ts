/**
 * Version 1: conversations, their history entries, their snapshots, and the leases
 * that let one process at a time run a conversation.
 *
 * `conversations` holds what a sidebar shows, so listing never reads a history.
 * Entries are JSON, keyed by (state_id, seq); `kind` is a column for queries that
 * filter by kind. Integer primary keys give rows ids that VACUUM never changes.
 */
import type { Migration } from "./migration";

export const initialSchema: Migration = {
  version: 1,
  description: "conversations, entries, snapshots and leases",
  creates: ["conversations", "entries", "snapshots", "leases"],
  up(db) {
    db.exec(`
      CREATE TABLE conversations (
        num INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        task TEXT NOT NULL,
        title TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        stopped_by TEXT,
        entry_count INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX conversations_by_updated ON conversations (updated_at);

      CREATE TABLE entries (
        id INTEGER PRIMARY KEY,
        state_id TEXT NOT NULL
          REFERENCES conversations (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        body TEXT NOT NULL,
        UNIQUE (state_id, seq)
      );

      CREATE TABLE snapshots (
        state_id TEXT PRIMARY KEY
          REFERENCES conversations (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
        body TEXT NOT NULL
      );

      CREATE TABLE leases (
        state_id TEXT PRIMARY KEY,
        token TEXT NOT NULL,
        pid INTEGER NOT NULL,
        host TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
    `);
  },
};
