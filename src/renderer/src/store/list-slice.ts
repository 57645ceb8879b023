/**
 * The conversation list in the sidebar: newest first, searched through the main
 * process, and fetched in pages as the visible rows need them (list/list-paging.ts), so
 * ten thousand conversations cost no more than the hundred on screen. Row changes, rename
 * and delete are in list/list-rows.ts.
 */
import type { StateCreator } from "zustand";
import type { ConversationSummary } from "../../../shared/view-types";
import type { AppState } from "./app-store";
import { createListPaging, type ListPaging } from "./list/list-paging";
import { createListRows, type ListRows } from "./list/list-rows";

export { PAGE_SIZE } from "./list/list-paging";

export interface ListSlice extends ListPaging, ListRows {
  listQuery: string;
  listTotal: number;
  /** Pages of the list by page number; a missing page is not loaded yet. */
  listPages: Record<number, ConversationSummary[]>;
  /** The first page for the current query has arrived. */
  listLoaded: boolean;
  /** Bumped whenever rows change, so the sidebar can announce what it shows. */
  listVersion: number;
  listError: string | null;
  /** Make sure rows first..last (inclusive) are loaded or loading. */
  ensureListRange(first: number, last: number): void;
}

export const createListSlice: StateCreator<AppState, [], [], ListSlice> = (set, get) => ({
  listQuery: "",
  listTotal: 0,
  listPages: {},
  listLoaded: false,
  listVersion: 0,
  listError: null,
  ...createListPaging(set, get),
  ...createListRows(set, get),
});
