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
  conversation_id: string | null;
  parent_id: string | null;
  parent_seq: number | null;
  retained: boolean | null;
  /** Schema version 5. */
  shown_at: string | null;
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
    conversationId: row.conversation_id ?? row.id,
    parent: row.parent_id === null ? null : { id: row.parent_id, seq: row.parent_seq ?? -1 },
    ...(row.retained ? { retained: true } : {}),
    ...(typeof row.shown_at === "string" ? { shownAt: row.shown_at } : {}),
  };
}
