/**
 * Loading the open conversation: its view with the newest entries (`conversations:get`,
 * one request at a time, changes meanwhile ask for one more), the older pages as the
 * person scrolls up, and the announcement of a run that ended once the view shows it.
 */
import { api } from "../../api/current-api";
import type { ConversationView } from "../../../../shared/view-types";
import { DEFAULT_PAGE_ENTRIES, MAX_PAGE_ENTRIES } from "../../../../shared/page-sizes";
import { emitAppEvent } from "../../app-events";
import { describeError } from "../../lib/describe-error";
import { keepLoadedEarlier, refreshTail, withOlderPage } from "../view-pages";
import { fetchNewestEntries } from "./newest-entries-request";
import { toastFailure, type GetState, type SetState } from "../store-access";
import { t } from "../../i18n/i18n";
import { keepUsage, loadUsageIfMissing } from "./usage-loading";

/** What a reload of the open view fetches: the entries it lacks, or the newest page whole. */
export type ViewScope = "new" | "all";

export interface ViewLoading {
  openConversation(id: string | null, atSeq?: number | null): Promise<void>;
  /** `scope` "new": only the entries the view lacks (a run's own changes); "all": the newest page whole. */
  reloadView(id: string, scope?: ViewScope): Promise<void>;
  loadEarlier(atLeast?: number): Promise<number>;
  /** A run of the open conversation ended: announce it once the reloaded view shows the end. */
  announceWhenShown(id: string, detail: unknown): void;
}

/** The view of `id`: for scope "new", the newest entries the loaded view lacks, when they join up with it. */
async function requestView(get: GetState, id: string, scope: ViewScope): Promise<ConversationView> {
  const shown = get().view;
  if (scope === "all" || !shown || shown.summary.id !== id) return api().request("conversations:get", { id });
  return fetchNewestEntries(
    {
      fetch: (tail) => api().request("conversations:get", tail === undefined ? { id } : { id, tail }),
      shown: () => (get().view?.summary.id === id ? get().view : null),
    },
    refreshTail(shown, get().live[id]?.entries ?? []),
  );
}

export function createViewLoading(set: SetState, get: GetState): ViewLoading {
  // One view request at a time per conversation; changes that arrive meanwhile ask for one more.
  const reloading = new Map<string, Promise<void>>();
  const reloadAgain = new Map<string, ViewScope>();
  // Runs that ended while their conversation was open: announced once the view shows the end.
  const endedRuns = new Map<string, unknown>();

  const announceEnded = (id: string) => {
    const view = get().view;
    if (!endedRuns.has(id) || view?.summary.id !== id || view.summary.running) return;
    const detail = endedRuns.get(id);
    endedRuns.delete(id);
    emitAppEvent("run-ended", detail);
  };

  const fetchView = async (id: string, scope: ViewScope) => {
    try {
      const fetched = await requestView(get, id, scope);
      if (get().openId !== id) return;
      const lastSeq = fetched.entries.length ? fetched.entries[fetched.entries.length - 1].seq : -1;
      set((s) => {
        const live = s.live[id];
        const next = { ...s.live };
        if (live && !live.running && !fetched.summary.running) delete next[id];
        else if (live) next[id] = { ...live, entries: live.entries.filter((e) => e.seq > lastSeq) };
        return { view: keepUsage(s.view, keepLoadedEarlier(s.view, fetched)), viewLoading: false, viewError: null, live: next };
      });
      emitAppEvent("view-loaded", { id, entries: fetched.entries.length, firstSeq: fetched.firstSeq, totalEntries: fetched.totalEntries });
      loadUsageIfMissing(set, get, id, fetched);
      announceEnded(id);
    } catch (error) {
      if (get().openId === id) set({ viewLoading: false, viewError: describeError(error) });
    } finally {
      reloading.delete(id);
    }
  };

  const loadEarlier = createEarlierPages(set, get);

  const loading: ViewLoading = {
    async openConversation(id, atSeq = null) {
      // A run that ended in a conversation the person leaves is announced now, not on a later visit.
      for (const [endedId, detail] of endedRuns) {
        if (endedId === id) continue;
        endedRuns.delete(endedId);
        emitAppEvent("run-ended", detail);
      }
      // The request goes out first, so the main process loads while the window re-renders.
      const request = id ? loading.reloadView(id) : null;
      const matchFocus = id !== null && atSeq !== null ? { id, seq: atSeq } : null;
      // The list is made anew: no row of the one before is kept.
      set({ openId: id, view: null, viewError: null, viewLoading: id !== null, pendingAction: null, earlierLoading: false, matchFocus, replyRows: {} });
      await request;
      if (matchFocus) await loadThrough(set, get, loadEarlier, matchFocus);
    },

    reloadView(id, scope = "all") {
      const inFlight = reloading.get(id);
      if (inFlight) {
        // One more request after this one, as wide as the widest asked for meanwhile.
        reloadAgain.set(id, reloadAgain.get(id) === "all" ? "all" : scope);
        return inFlight;
      }
      const run = fetchView(id, scope);
      reloading.set(id, run);
      return run.then(() => {
        const again = reloadAgain.get(id);
        reloadAgain.delete(id);
        if (again) return loading.reloadView(id, again);
      });
    },

    loadEarlier,

    announceWhenShown(id, detail) {
      endedRuns.set(id, detail);
    },
  };
  return loading;
}

/** Older pages of conversation `id` until its message `seq` is loaded (a search result opened at its match). */
async function loadThrough(set: SetState, get: GetState, loadEarlier: (atLeast: number) => Promise<number>, { id, seq }: { id: string; seq: number }) {
  for (;;) {
    const { openId, view } = get();
    if (openId !== id || !view || view.summary.id !== id || view.firstSeq <= seq) return;
    if ((await loadEarlier(view.firstSeq - seq)) === 0) {
      if (get().matchFocus?.id === id) set({ matchFocus: null });
      return;
    }
  }
}

/** Entries loaded above a message the window was asked to show. */
const CONTEXT_ENTRIES = 20;

/** Older pages of the open conversation: one at a time per conversation, whatever asks for it. */
function createEarlierPages(set: SetState, get: GetState): (atLeast?: number) => Promise<number> {
  let earlierInFlight: { id: string; added?: Promise<number> } | null = null;

  const fetchPage = async (request: { id: string }, beforeSeq: number, limit: number): Promise<number> => {
    const { id } = request;
    try {
      const page = await api().request("conversations:entries", { id, beforeSeq, limit });
      const current = get().view;
      if (get().openId !== id || !current || current.summary.id !== id) return 0;
      const next = withOlderPage(current, page);
      const added = next.entries.length - current.entries.length;
      if (added > 0) set({ view: next });
      emitAppEvent("earlier-loaded", { id, added, firstSeq: next.firstSeq, entries: next.entries.length, totalEntries: page.totalEntries });
      return added;
    } catch (error) {
      if (get().openId === id) toastFailure(get, t("toast.earlierFailed"), error);
      return 0;
    } finally {
      if (earlierInFlight === request) earlierInFlight = null;
      if (get().openId === id) set({ earlierLoading: false });
    }
  };

  return (atLeast = 0) => {
    const { openId: id, view } = get();
    if (!id || !view || view.summary.id !== id || view.firstSeq <= 0) return Promise.resolve(0);
    if (earlierInFlight?.id === id && earlierInFlight.added) return earlierInFlight.added;
    const request: { id: string; added?: Promise<number> } = { id };
    earlierInFlight = request;
    set({ earlierLoading: true });
    // A few more than asked for, so the message wanted has some of what led to it above it.
    const limit = Math.min(MAX_PAGE_ENTRIES, Math.max(DEFAULT_PAGE_ENTRIES, atLeast + CONTEXT_ENTRIES));
    request.added = fetchPage(request, view.firstSeq, limit);
    return request.added;
  };
}
