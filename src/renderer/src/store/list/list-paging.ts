/**
 * Fetching the conversation list in pages as the visible rows need them, for the current
 * search. A new search or a refresh starts a new generation: answers to older requests
 * are dropped, so rows never mix two queries or two orders.
 */
import type { ConversationSummary } from "../../../../shared/view-types";
import { api } from "../../api/current-api";
import { describeError } from "../../lib/describe-error";
import type { GetState, SetState } from "../store-access";

import { PAGE_SIZE } from "./page-size";

export { PAGE_SIZE };
/** Changes that can reorder the list are gathered for this long before the visible pages are fetched again. */
const REFRESH_DELAY_MS = 120;

export interface ListPaging {
  setListQuery(query: string): void;
  ensureListRange(first: number, last: number): void;
  refreshList(): void;
}

function pagesIn(first: number, last: number): number[] {
  const pages: number[] = [];
  for (let p = Math.floor(Math.max(0, first) / PAGE_SIZE); p <= Math.floor(Math.max(0, last) / PAGE_SIZE); p++) pages.push(p);
  return pages;
}

function fetchListPage(page: number, query: string) {
  return api().request("conversations:list", { offset: page * PAGE_SIZE, limit: PAGE_SIZE, ...(query ? { query } : {}) });
}

export function createListPaging(set: SetState, get: GetState): ListPaging {
  let generation = 0;
  const loading = new Set<number>();
  let visible: [number, number] = [0, 30];
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;

  const fetchPage = (page: number) => fetchListPage(page, get().listQuery.trim());

  const failed = (myGeneration: number, error: unknown) => {
    if (myGeneration === generation) set({ listError: describeError(error), listLoaded: true });
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
      failed(myGeneration, error);
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
      failed(myGeneration, error);
    }
  };

  return {
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
  };
}
