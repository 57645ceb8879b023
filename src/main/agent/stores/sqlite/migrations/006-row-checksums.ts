/**
 * Version 6: every row carries a checksum of its values (row-checksum.ts): conversations
 * (their id included), entries and snapshots. The store writes it with the row and verifies it
 * whenever it reads the row, so a garbled page is named as damage (DamagedConversationError)
 * instead of a conversation that vanishes or an id with garbage characters. Rows already
 * stored get their checksum here, from their values as they are.
 */
import type { Migration } from "./migration";
import { stampAllRows } from "../row-checksum";

export const rowChecksums: Migration = {
  version: 6,
  description: "a checksum on every conversation, entry and snapshot row",
  creates: [],
  up(db) {
    db.exec(`
      ALTER TABLE conversations ADD COLUMN checksum INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE entries ADD COLUMN checksum INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE snapshots ADD COLUMN checksum INTEGER NOT NULL DEFAULT 0;
    `);
    stampAllRows(db);
  },
};
