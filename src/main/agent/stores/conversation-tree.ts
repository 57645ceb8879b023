/**
 * A store's conversations as trees, built on `list` alone so that every store (a custom
 * one too) has them: one row per conversation, a conversation's branches, and deleting a
 * conversation while another conversation's branch still shares some of its past.
 */
import { type ConversationInfo, type SavedStateInfo, lastSeenAt } from "../state/snapshot";
import type { ListOptions } from "../state/store-contract";

/** Rows of every State, newest first; `includeRetained` adds the States kept for other conversations. */
export type ListAll = (options: ListOptions) => Promise<SavedStateInfo[]>;

export const conversationOf = (row: SavedStateInfo): string => row.conversationId ?? row.id;

/**
 * One row per conversation: its branch updated or shown last, with the conversation's last
 * update as its `updatedAt` (showing a branch is not an update), newest update first.
 */
export function groupConversations(rows: SavedStateInfo[], options: ListOptions = {}): ConversationInfo[] {
  const shown = new Map<string, { row: SavedStateInfo; seenAt: string; updatedAt: string; branchCount: number }>();
  for (const row of rows) {
    if (row.retained) continue;
    const key = conversationOf(row);
    const group = shown.get(key);
    if (!group) {
      shown.set(key, { row, seenAt: lastSeenAt(row), updatedAt: row.updatedAt, branchCount: 1 });
      continue;
    }
    group.branchCount++;
    if (row.updatedAt > group.updatedAt) group.updatedAt = row.updatedAt;
    if (lastSeenAt(row) > group.seenAt) Object.assign(group, { row, seenAt: lastSeenAt(row) });
  }
  const all: ConversationInfo[] = [...shown].map(([key, group]) => ({
    ...group.row,
    conversationId: key,
    parent: group.row.parent ?? null,
    updatedAt: group.updatedAt,
    branchCount: group.branchCount,
  }));
  all.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  const offset = Math.max(0, Math.floor(options.offset ?? 0));
  return all.slice(offset, options.limit === undefined ? undefined : offset + Math.max(0, Math.floor(options.limit)));
}

/** What deleting a conversation does: States to remove (children first) and States to keep, hidden, for others. */
export interface DeletePlan {
  remove: string[];
  retain: string[];
}

/**
 * Plan deleting `conversationId` from every State's row (retained ones included). A State
 * is needed while a listed State of another conversation has it among its ancestors; the
 * conversation's needed States are retained, every other State of it is removed, and so is
 * any retained State no longer needed (its conversation was deleted before).
 */
export function planConversationDelete(rows: SavedStateInfo[], conversationId: string): DeletePlan {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const live = rows.filter((row) => !row.retained && conversationOf(row) !== conversationId);
  const needed = new Set<string>();
  for (const row of live) {
    for (let parent = row.parent?.id; parent !== undefined && !needed.has(parent); parent = byId.get(parent)?.parent?.id) {
      needed.add(parent);
    }
  }
  const depth = (id: string): number => {
    let n = 0;
    for (let parent = byId.get(id)?.parent?.id; parent !== undefined && n <= rows.length; parent = byId.get(parent)?.parent?.id) n++;
    return n;
  };
  const doomed = rows.filter((row) => conversationOf(row) === conversationId || row.retained);
  const remove = doomed.filter((row) => !needed.has(row.id) && (row.retained || conversationOf(row) === conversationId));
  const retain = doomed.filter((row) => needed.has(row.id) && !row.retained);
  return {
    remove: remove.map((row) => row.id).sort((a, b) => depth(b) - depth(a)),
    retain: retain.map((row) => row.id),
  };
}
