/** A row of the `conversations` table and its public shape. */
import type { SavedStateInfo, Snapshot, StoppedBy } from "../../state/snapshot";

export interface ConversationRow {
  id: string;
  task: string;
  title: string;
  created_at: string;
  updated_at: string;
  stopped_by: string | null;
  entry_count: number;
}

/** The columns of a ConversationRow, for SELECT lists. */
export const CONVERSATION_COLUMNS = "id, task, title, created_at, updated_at, stopped_by, entry_count";

export function toSavedStateInfo(row: ConversationRow): SavedStateInfo {
  return {
    id: row.id,
    task: row.task,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stoppedBy: row.stopped_by as StoppedBy,
    entryCount: row.entry_count,
  };
}

/** The row's columns taken from a snapshot (named parameters of the statements). */
export function conversationColumns(snapshot: Snapshot): Record<string, unknown> {
  return {
    task: String(snapshot.task ?? ""),
    title: String(snapshot.title ?? snapshot.task ?? ""),
    createdAt: String(snapshot.createdAt ?? ""),
    updatedAt: String(snapshot.updatedAt ?? ""),
    stoppedBy: snapshot.stoppedBy ?? null,
  };
}
