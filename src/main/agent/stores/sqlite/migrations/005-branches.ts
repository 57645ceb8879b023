/**
 * Version 5: conversations are trees (docs/branches.md). Each row is a State: a root, or a
 * branch that stores only its own entries and where it parts from its parent. New columns:
 * - `conversation_id`: the conversation the State belongs to (a root's own id); the
 *   sidebar shows one row per conversation, its branch updated last;
 * - `parent_id`, `parent_seq`: a branch's fork point (NULL for a root);
 * - `retained`: 1 for a State kept only because another conversation's branch shares it.
 * Every existing row becomes the root of its own conversation.
 */
import type { Migration } from "./migration";

export const branches: Migration = {
  version: 5,
  description: "conversations as trees: a conversation id, a parent and its fork seq, retained States",
  creates: [],
  up(db) {
    db.exec(`
      ALTER TABLE conversations ADD COLUMN conversation_id TEXT NOT NULL DEFAULT '';
      ALTER TABLE conversations ADD COLUMN parent_id TEXT;
      ALTER TABLE conversations ADD COLUMN parent_seq INTEGER;
      ALTER TABLE conversations ADD COLUMN retained INTEGER NOT NULL DEFAULT 0;
      UPDATE conversations SET conversation_id = id;
      CREATE INDEX conversations_by_conversation ON conversations (conversation_id, updated_at);
      CREATE INDEX conversations_by_parent ON conversations (parent_id) WHERE parent_id IS NOT NULL;
    `);
  },
};
