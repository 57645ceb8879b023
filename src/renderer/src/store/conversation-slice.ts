/**
 * The open conversation and every run in progress. The saved view comes from
 * `conversations:get` with the newest entries only; older pages come from
 * `conversations:entries` as the person scrolls up. Step events add what happened since
 * (streamed text, tool status, new entries) until the run ends and the view is fetched again.
 */
import type { StateCreator } from "zustand";
import type { StepEvent } from "../../../main/agent/run/events";
import type { ConversationSummary, ConversationView } from "../../../shared/view-types";
import type { AppState } from "./app-store";
import { api } from "../api/current-api";
import { describeError } from "../lib/describe-error";
import { emitAppEvent } from "../app-events";
import { idleRun, reduceLiveRun, type LiveRun } from "./live-run";
import { keepLoadedEarlier, withOlderPage } from "./view-pages";

export type PendingAction = "send" | "stop" | "answer" | "continue" | null;

export interface ConversationSlice {
  /** null: the "new conversation" page. */
  openId: string | null;
  view: ConversationView | null;
  viewLoading: boolean;
  viewError: string | null;
  /** A page of older entries of the open conversation is on its way. */
  earlierLoading: boolean;
  /** Runs in progress (and the one that just ended, until its view is fetched again), by conversation id. */
  live: Record<string, LiveRun>;
  pendingAction: PendingAction;
  openConversation(id: string | null): Promise<void>;
  /** Fetch the open conversation's view again (requests are coalesced). */
  reloadView(id: string): Promise<void>;
  /** Load the page of entries before the open view's first one; resolves with how many it added. */
  loadEarlier(): Promise<number>;
  /** Starts a conversation, sends a message, or answers an open question, as the view requires. */
  submitMessage(text: string): Promise<boolean>;
  answerAsk(answer: string): Promise<boolean>;
  stopRun(): Promise<void>;
  continueRun(): Promise<void>;
  handleStepEvent(conversationId: string, event: StepEvent): void;
  applyOpenSummary(summary: ConversationSummary): void;
  forgetConversation(id: string): void;
}

/** Is a run of the open conversation going? Step events decide once seen; the summary before that. */
export function selectOpenRunning(state: AppState): boolean {
  if (!state.openId) return false;
  const live = state.live[state.openId];
  if (live) return live.running;
  return state.view?.summary.id === state.openId && state.view.summary.running;
}

export const createConversationSlice: StateCreator<AppState, [], [], ConversationSlice> = (set, get) => {
  // Streamed words are gathered per frame: one render per frame, not per word.
  const pendingText = new Map<string, { stateId: string; text: string }>();
  let flushScheduled = false;

  const applyEvent = (conversationId: string, event: StepEvent) => {
    set((s) => {
      // Any event but run_start means a run is going, even when the window missed its start.
      const base = s.live[conversationId] ?? { ...idleRun, running: event.type !== "run_end" };
      return { live: { ...s.live, [conversationId]: reduceLiveRun(base, event) } };
    });
  };

  const flushText = () => {
    flushScheduled = false;
    const batch = [...pendingText];
    pendingText.clear();
    for (const [id, { stateId, text }] of batch) applyEvent(id, { type: "text_delta", stateId, text });
  };

  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    if (document.visibilityState === "visible") requestAnimationFrame(flushText);
    else setTimeout(flushText, 50);
  };

  // One view request at a time per conversation; changes that arrive meanwhile ask for one more.
  const reloading = new Map<string, Promise<void>>();
  const reloadAgain = new Set<string>();
  // Runs that ended while their conversation was open: announced once the view shows the end.
  const endedRuns = new Map<string, unknown>();

  const announceEnded = (id: string) => {
    const view = get().view;
    if (!endedRuns.has(id) || view?.summary.id !== id || view.summary.running) return;
    const detail = endedRuns.get(id);
    endedRuns.delete(id);
    emitAppEvent("run-ended", detail);
  };

  // One older page at a time per conversation, whatever asks for it.
  let earlierInFlight: { id: string; added?: Promise<number> } | null = null;

  const fail = (what: string, error: unknown) => {
    get().showToast("error", `${what} ${describeError(error)}`);
  };

  return {
    openId: null,
    view: null,
    viewLoading: false,
    viewError: null,
    earlierLoading: false,
    live: {},
    pendingAction: null,

    async openConversation(id) {
      // A run that ended in a conversation the person leaves is announced now, not on a later visit.
      for (const [endedId, detail] of endedRuns) {
        if (endedId === id) continue;
        endedRuns.delete(endedId);
        emitAppEvent("run-ended", detail);
      }
      // The request goes out first, so the main process loads while the window re-renders.
      const loading = id ? get().reloadView(id) : null;
      set({ openId: id, view: null, viewError: null, viewLoading: id !== null, pendingAction: null, earlierLoading: false });
      await loading;
    },

    reloadView(id) {
      const inFlight = reloading.get(id);
      if (inFlight) {
        reloadAgain.add(id);
        return inFlight;
      }
      const run = (async () => {
        try {
          const fetched = await api().request("conversations:get", { id });
          if (get().openId !== id) return;
          const lastSeq = fetched.entries.length ? fetched.entries[fetched.entries.length - 1].seq : -1;
          set((s) => {
            const live = s.live[id];
            const next = { ...s.live };
            if (live && !live.running && !fetched.summary.running) delete next[id];
            else if (live) next[id] = { ...live, entries: live.entries.filter((e) => e.seq > lastSeq) };
            return { view: keepLoadedEarlier(s.view, fetched), viewLoading: false, viewError: null, live: next };
          });
          announceEnded(id);
        } catch (error) {
          if (get().openId === id) set({ viewLoading: false, viewError: describeError(error) });
        } finally {
          reloading.delete(id);
        }
      })();
      reloading.set(id, run);
      return run.then(() => {
        if (reloadAgain.delete(id)) return get().reloadView(id);
      });
    },

    loadEarlier() {
      const { openId: id, view } = get();
      if (!id || !view || view.summary.id !== id || view.firstSeq <= 0) return Promise.resolve(0);
      if (earlierInFlight?.id === id && earlierInFlight.added) return earlierInFlight.added;
      const request: { id: string; added?: Promise<number> } = { id };
      earlierInFlight = request;
      set({ earlierLoading: true });
      request.added = (async () => {
        try {
          const page = await api().request("conversations:entries", { id, beforeSeq: view.firstSeq });
          const current = get().view;
          if (get().openId !== id || !current || current.summary.id !== id) return 0;
          const next = withOlderPage(current, page);
          const added = next.entries.length - current.entries.length;
          if (added > 0) set({ view: next });
          emitAppEvent("earlier-loaded", { id, added, firstSeq: next.firstSeq, entries: next.entries.length, totalEntries: page.totalEntries });
          return added;
        } catch (error) {
          if (get().openId === id) fail("Earlier messages could not be loaded.", error);
          return 0;
        } finally {
          if (earlierInFlight === request) earlierInFlight = null;
          if (get().openId === id) set({ earlierLoading: false });
        }
      })();
      return request.added;
    },

    async submitMessage(text) {
      const { openId, view } = get();
      if (!text.trim() || get().pendingAction) return false;
      if (openId && view?.pendingAsk && !view.pendingAsk.choices?.length) return get().answerAsk(text);
      set({ pendingAction: "send" });
      try {
        if (!openId) {
          const { id } = await api().request("runs:start", { text });
          emitAppEvent("message-sent", { id, kind: "start" });
          get().refreshList();
          set({ pendingAction: null });
          await get().openConversation(id);
        } else {
          await api().request("runs:send", { id: openId, text });
          emitAppEvent("message-sent", { id: openId, kind: "send" });
          // Sending continues an interrupted run too: the banner has done its job.
          set((s) => ({ pendingAction: null, view: s.view && s.view.summary.id === openId ? { ...s.view, interruption: null } : s.view }));
        }
        return true;
      } catch (error) {
        set({ pendingAction: null });
        fail("The message was not sent.", error);
        return false;
      }
    },

    async answerAsk(answer) {
      const id = get().openId;
      if (!id || get().pendingAction) return false;
      set({ pendingAction: "answer" });
      try {
        await api().request("runs:answer", { id, answer });
        emitAppEvent("answer-sent", { id, answer });
        set((s) => ({ pendingAction: null, view: s.view && s.view.summary.id === id ? { ...s.view, pendingAsk: null } : s.view }));
        return true;
      } catch (error) {
        set({ pendingAction: null });
        fail("The answer was not sent.", error);
        return false;
      }
    },

    async stopRun() {
      const id = get().openId;
      if (!id || !selectOpenRunning(get()) || get().pendingAction === "stop") return;
      set({ pendingAction: "stop" });
      emitAppEvent("stop-requested", { id });
      try {
        await api().request("runs:stop", { id });
      } catch (error) {
        fail("The run could not be stopped.", error);
      } finally {
        if (get().pendingAction === "stop") set({ pendingAction: null });
      }
    },

    async continueRun() {
      const id = get().openId;
      if (!id || get().pendingAction) return;
      set({ pendingAction: "continue" });
      emitAppEvent("continue-requested", { id });
      try {
        await api().request("runs:continue", { id });
        set((s) => ({ pendingAction: null, view: s.view && s.view.summary.id === id ? { ...s.view, interruption: null } : s.view }));
      } catch (error) {
        set({ pendingAction: null });
        fail("The run could not be continued.", error);
      }
    },

    handleStepEvent(conversationId, event) {
      if (event.type === "text_delta") {
        const pending = pendingText.get(conversationId);
        pendingText.set(conversationId, { stateId: event.stateId, text: (pending?.text ?? "") + event.text });
        scheduleFlush();
        return;
      }
      // Words still waiting for a frame belong before whatever comes next.
      if (pendingText.size) flushText();
      applyEvent(conversationId, event);

      if (event.type === "run_start") {
        emitAppEvent("run-started", { id: conversationId });
      } else if (event.type === "run_end") {
        const detail = { id: conversationId, stoppedBy: event.stoppedBy, error: event.error };
        if (get().openId === conversationId) {
          endedRuns.set(conversationId, detail);
          void get().reloadView(conversationId);
        } else {
          set((s) => {
            const live = { ...s.live };
            delete live[conversationId];
            return { live };
          });
          emitAppEvent("run-ended", detail);
        }
      }
    },

    applyOpenSummary(summary) {
      const { view, openId } = get();
      if (openId !== summary.id) return;
      if (view && view.summary.id === summary.id) set({ view: { ...view, summary } });
      // A change of a running conversation may be a file write waiting for approval, which
      // only the full view shows; the end of a run settles its banner and question.
      if (view) void get().reloadView(summary.id);
    },

    forgetConversation(id) {
      set((s) => {
        const live = { ...s.live };
        delete live[id];
        return s.openId === id ? { live, openId: null, view: null, viewError: null, viewLoading: false } : { live };
      });
    },
  };
};
