/** A conversation's row as `list()` reads it, and its public shape. */
import type { SavedStateInfo, StoppedBy } from "../../state/snapshot";

export interface InfoRow {
  id: string;
  task: string;
  title: string;
  created_at: string;
  updated_at: string;
  stopped_by: string | null;
  entry_count: number;
}

export function toSavedStateInfo(row: InfoRow): SavedStateInfo {
  return {
    id: row.id,
    task: row.task,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stoppedBy: row.stopped_by as StoppedBy,
    entryCount: row.entry_count,
    // Until PostgresStore stores the conversation tree, every State is the root of its own conversation.
    conversationId: row.id,
    parent: null,
  };
}
