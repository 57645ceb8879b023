/**
 * A conversation as it travels between stores and files: its branches, each with the
 * snapshot the store holds and only its own entries (a branch's history is its parent's
 * through `parent.seq`, then these). The Alpine JSON format writes exactly this.
 */
import type { EntryRecord, Snapshot } from "../../agent";

/** Where a branch parts from its parent (docs/branches.md). */
export interface ForkPoint {
  id: string;
  seq: number;
}

/** A snapshot with the tree's fields, whether or not the library's type names them yet. */
export type TreeSnapshot = Omit<Snapshot, "version"> & {
  version: number;
  conversationId?: string;
  parent?: ForkPoint | null;
  retained?: boolean;
};

export interface PortableBranch {
  snapshot: TreeSnapshot;
  /** The branch's own entries, seqs from `parent.seq + 1` (0 for the root). */
  entries: EntryRecord[];
}

export interface PortableConversation {
  /** The root's id, which is the conversation's id. */
  id: string;
  /** Parents before children; the root first. */
  branches: PortableBranch[];
}

/** Which program a file came from. */
export type ImportSource = "alpine" | "chatgpt" | "claude";

/** What a conversation imported from another program keeps in its `data`. */
export interface ImportedFrom {
  source: ImportSource;
  id: string;
}

export function parentOf(snapshot: TreeSnapshot): ForkPoint | null {
  return snapshot.parent ?? null;
}

export function conversationIdOf(snapshot: TreeSnapshot): string {
  return typeof snapshot.conversationId === "string" ? snapshot.conversationId : snapshot.id;
}
