/**
 * What a search of saved conversations returns, on every store (Store.searchPage): one
 * result per conversation, newest first, naming the branch (State) to open: of its branches
 * whose own entries match, the one updated or shown last (the shown one, when it matches);
 * when none does but the conversation's title or task matches, its first State.
 */
import type { SavedStateInfo } from "../../state/snapshot";

export interface SearchOptions {
  /** At most this many results (default 50). */
  limit?: number;
  /** Skip this many of the newest matches. */
  offset?: number;
}

/** Where a searched word is in a snippet: [start, end) in UTF-16 code units. */
export type SnippetMark = [start: number, end: number];

export interface SearchResult extends SavedStateInfo {
  /** A short piece of the matching text, with "…" where it was cut. Plain text, never markup. */
  snippet: string;
  /** The words of `snippet` that match what was searched, in order, not overlapping. */
  marks: SnippetMark[];
  /**
   * The seq of the latest matching entry among this branch's own entries (`id` names the
   * branch that holds the text), or null when only the title or task matched.
   */
  hitSeq: number | null;
}

export interface SearchPage {
  items: SearchResult[];
  /** How many results match in all. */
  total: number;
}

/** The page bounds asked for, made whole and not negative. */
export function pageBounds(options: SearchOptions = {}): { limit: number; offset: number } {
  return { limit: Math.max(0, Math.floor(options.limit ?? 50)), offset: Math.max(0, Math.floor(options.offset ?? 0)) };
}
