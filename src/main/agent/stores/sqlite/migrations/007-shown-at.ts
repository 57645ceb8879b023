/**
 * Version 7: which branch a conversation shows is kept apart from when it was updated. A
 * person choosing a branch (the branch switcher) sets the new column `shown_at` of its row;
 * `updated_at` stays, so the conversation keeps its place in the list (it used to be saved
 * again, and jumped to the top). A conversation shows its branch with the latest of
 * `updated_at` and `shown_at`. Rows already stored have none: they show as before.
 * The column is not in the row's checksum (version 6): it only picks which branch opens.
 */
import type { Migration } from "./migration";

export const shownAt: Migration = {
  version: 7,
  description: "when a person last chose to see a branch, apart from when it was updated",
  creates: [],
  up(db) {
    db.exec("ALTER TABLE conversations ADD COLUMN shown_at TEXT");
  },
};
