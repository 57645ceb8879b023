/** A row of the `conversations` table and its public shape. */
import { type ChecksummedConversation, conversationChecksum } from "./row-checksum";
import { type SavedStateInfo, type Snapshot, type StoppedBy, conversationIdOf } from "../../state/snapshot";

export interface ConversationRow extends ChecksummedConversation {
  checksum: number;
  /** Schema version 7; outside the checksum (it only picks the branch a conversation shows). */
  shown_at: string | null;
}

/** The columns of a ConversationRow, for SELECT lists. */
export const CONVERSATION_COLUMNS = "num, id, task, title, created_at, updated_at, stopped_by, entry_count, conversation_id, parent_id, parent_seq, retained, checksum, shown_at";

/** True when the row's values no longer match the checksum written with them. */
export function isDamagedRow(row: ConversationRow): boolean {
  return conversationChecksum(row) !== row.checksum;
}

/** The row as `list()` shows it; a row that fails its checksum is shown, marked damaged. */
export function toSavedStateInfo(row: ConversationRow): SavedStateInfo {
  const info = toInfo(row);
  return isDamagedRow(row) ? { ...info, damaged: DAMAGED_ROW } : info;
}

/** What a damaged list row says. */
export const DAMAGED_ROW = "its list row does not match its checksum";

function toInfo(row: ConversationRow): SavedStateInfo {
  return {
    id: row.id,
    task: row.task,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stoppedBy: row.stopped_by as StoppedBy,
    // The row counts a branch's own entries; its history also holds the inherited ones.
    entryCount: row.entry_count + (row.parent_id === null ? 0 : Number(row.parent_seq) + 1),
    conversationId: row.conversation_id || row.id,
    parent: row.parent_id === null ? null : { id: row.parent_id, seq: Number(row.parent_seq) },
    ...(row.retained ? { retained: true } : {}),
    ...(typeof row.shown_at === "string" ? { shownAt: row.shown_at } : {}),
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
    conversationId: conversationIdOf(snapshot),
    parentId: snapshot.parent?.id ?? null,
    parentSeq: snapshot.parent?.seq ?? null,
    retained: snapshot.retained ? 1 : 0,
    shownAt: typeof snapshot.shownAt === "string" ? snapshot.shownAt : null,
  };
}
