/**
 * The conversation list in the sidebar: newest first, searched through the main
 * process, and fetched in pages as the visible rows need them, so ten thousand
 * conversations cost no more than the hundred on screen.
 */
import type { StateCreator } from "zustand";
import type { ConversationSummary } from "../../../shared/view-types";
import type { AppState } from "./app-store";
import { api } from "../api/current-api";
import { describeError } from "../lib/describe-error";
import { emitAppEvent } from "../app-events";

export const PAGE_SIZE = 100;
/** Changes that can reorder the list are gathered for this long before the visible pages are fetched again. */
const REFRESH_DELAY_MS = 120;

export interface ListSlice {
  listQuery: string;
  listTotal: number;
  /** Pages of the list by page number; a missing page is not loaded yet. */
  listPages: Record<number, ConversationSummary[]>;
  /** The first page for the current query has arrived. */
  listLoaded: boolean;
  /** Bumped whenever rows change, so the sidebar can announce what it shows. */
  listVersion: number;
  listError: string | null;
  setListQuery(query: string): void;
  /** Make sure rows first..last (inclusive) are loaded or loading. */
  ensureListRange(first: number, last: number): void;
  refreshList(): void;
  listItemAt(index: number): ConversationSummary | undefined;
  applySummary(summary: ConversationSummary): void;
  removeFromList(id: string): void;
  renameConversation(id: string, title: string): Promise<boolean>;
  deleteConversation(id: string): Promise<boolean>;
}

export const createListSlice: StateCreator<AppState, [], [], ListSlice> = (set, get) => {
  let generation = 0;
  const loading = new Set<number>();
  let visible: [number, number] = [0, 30];
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;

  const pagesIn = (first: number, last: number) => {
    const pages: number[] = [];
    for (let p = Math.floor(Math.max(0, first) / PAGE_SIZE); p <= Math.floor(Math.max(0, last) / PAGE_SIZE); p++) pages.push(p);
    return pages;
  };

  const fetchPage = async (page: number) => {
    const query = get().listQuery.trim();
    return api().request("conversations:list", {
      offset: page * PAGE_SIZE,
      limit: PAGE_SIZE,
      ...(query ? { query } : {}),
    });
  };

  const loadPage = async (page: number) => {
    if (loading.has(page)) return;
    loading.add(page);
    const myGeneration = generation;
    try {
      const result = await fetchPage(page);
      if (myGeneration !== generation) return;
      set((s) => ({
        listPages: { ...s.listPages, [page]: result.items },
        listTotal: result.total,
        listLoaded: true,
        listVersion: s.listVersion + 1,
        listError: null,
      }));
    } catch (error) {
      if (myGeneration === generation) set({ listError: describeError(error), listLoaded: true });
    } finally {
      loading.delete(page);
    }
  };

  /** Fetch the visible pages again and drop the others (their rows may have moved). */
  const reloadVisible = async () => {
    const myGeneration = ++generation;
    loading.clear();
    const pages = pagesIn(visible[0], visible[1]);
    try {
      const results = await Promise.all(pages.map(fetchPage));
      if (myGeneration !== generation) return;
      const listPages: Record<number, ConversationSummary[]> = {};
      pages.forEach((page, i) => (listPages[page] = results[i].items));
      const total = results[results.length - 1].total;
      set((s) => ({ listPages, listTotal: total, listLoaded: true, listVersion: s.listVersion + 1, listError: null }));
    } catch (error) {
      if (myGeneration === generation) set({ listError: describeError(error), listLoaded: true });
    }
  };

  const findIndex = (id: string): number => {
    for (const [page, items] of Object.entries(get().listPages)) {
      const i = items.findIndex((item) => item.id === id);
      if (i >= 0) return Number(page) * PAGE_SIZE + i;
    }
    return -1;
  };

  const replaceAt = (index: number, summary: ConversationSummary) => {
    const page = Math.floor(index / PAGE_SIZE);
    set((s) => {
      const items = s.listPages[page].slice();
      items[index % PAGE_SIZE] = summary;
      return { listPages: { ...s.listPages, [page]: items }, listVersion: s.listVersion + 1 };
    });
  };

  return {
    listQuery: "",
    listTotal: 0,
    listPages: {},
    listLoaded: false,
    listVersion: 0,
    listError: null,

    setListQuery(query) {
      if (query === get().listQuery && get().listLoaded) return;
      generation++;
      loading.clear();
      visible = [0, 30];
      set({ listQuery: query, listPages: {}, listTotal: 0, listLoaded: false });
      void loadPage(0);
    },

    ensureListRange(first, last) {
      visible = [first, last];
      const { listPages, listLoaded, listTotal } = get();
      for (const page of pagesIn(first, last)) {
        if (listLoaded && page * PAGE_SIZE >= listTotal && page > 0) continue;
        if (!listPages[page]) void loadPage(page);
      }
    },

    refreshList() {
      if (refreshTimer) clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => {
        refreshTimer = null;
        void reloadVisible();
      }, REFRESH_DELAY_MS);
    },

    listItemAt(index) {
      return get().listPages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
    },

    applySummary(summary) {
      const index = findIndex(summary.id);
      if (index >= 0) {
        const old = get().listItemAt(index)!;
        replaceAt(index, summary);
        // Only a change of time can move a row (newest first); a search may now match differently.
        if ((index > 0 && old.updatedAt !== summary.updatedAt) || (get().listQuery && old.title !== summary.title)) get().refreshList();
      } else {
        get().refreshList();
      }
    },

    removeFromList(id) {
      const index = findIndex(id);
      if (index < 0) return;
      const page = Math.floor(index / PAGE_SIZE);
      set((s) => ({
        listPages: { ...s.listPages, [page]: s.listPages[page].filter((item) => item.id !== id) },
        listTotal: Math.max(0, s.listTotal - 1),
        listVersion: s.listVersion + 1,
      }));
      get().refreshList();
    },

    async renameConversation(id, title) {
      const trimmed = title.trim();
      const index = findIndex(id);
      const before = index >= 0 ? get().listItemAt(index) : undefined;
      if (!trimmed || trimmed === before?.title) return false;
      if (before) replaceAt(index, { ...before, title: trimmed });
      try {
        const summary = await api().request("conversations:rename", { id, title: trimmed });
        get().applySummary(summary);
        get().applyOpenSummary(summary);
        emitAppEvent("renamed", { id, title: summary.title });
        return true;
      } catch (error) {
        if (before) get().applySummary(before);
        get().showToast("error", `Could not rename the conversation. ${describeError(error)}`);
        return false;
      }
    },

    async deleteConversation(id) {
      try {
        await api().request("conversations:delete", { id });
        get().removeFromList(id);
        get().forgetConversation(id);
        emitAppEvent("deleted", { id });
        return true;
      } catch (error) {
        get().showToast("error", `Could not delete the conversation. ${describeError(error)}`);
        return false;
      }
    },
  };
};
