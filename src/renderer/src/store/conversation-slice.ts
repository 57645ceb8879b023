/**
 * The open conversation and every run in progress. The saved view comes from
 * `conversations:get` with the newest entries only; older pages come from
 * `conversations:entries` as the person scrolls up (conversation/view-loading.ts). Step
 * events add what happened since (streamed text batched per frame, tool status, new
 * entries: conversation/stream-batching.ts) until the run ends and the view is fetched
 * again. The person's actions on a run are in conversation/run-actions.ts.
 */
import type { StateCreator } from "zustand";
import type { StepEvent } from "../../../shared/wire-types";
import type { ConversationSummary, ConversationView } from "../../../shared/view-types";
import type { AppState } from "./app-store";
import { emitAppEvent } from "../app-events";
import type { LiveRun } from "./live-run";
import type { ReplyRowKeys } from "./reply-rows";
import { createRunActions, type RunActions } from "./conversation/run-actions";
import { createBranchActions, type BranchActions } from "./conversation/branch-actions";
import { createStepEventApplier } from "./conversation/stream-batching";
import { wordsArriving } from "../lib/words-arriving";
import { createViewLoading, type ViewScope } from "./conversation/view-loading";

export { selectOpenRunning } from "./conversation/selectors";

export type PendingAction = "send" | "stop" | "answer" | "continue" | null;

export interface ConversationSlice extends RunActions, BranchActions {
  /** null: the "new conversation" page. */
  openId: string | null;
  view: ConversationView | null;
  viewLoading: boolean;
  viewError: string | null;
  /** A page of older entries of the open conversation is on its way. */
  earlierLoading: boolean;
  /** Runs in progress (and the one that just ended, until its view is fetched again), by conversation id. */
  live: Record<string, LiveRun>;
  /** Replies streamed while their conversation was open, by conversation: whose row each saved one keeps (reply-rows.ts). */
  replyRows: Record<string, ReplyRowKeys>;
  pendingAction: PendingAction;
  /** A message to bring into view once the open conversation shows it (a search result's match). */
  matchFocus: { id: string; seq: number } | null;
  /** Open a conversation; with `atSeq`, at that message (older pages loaded as needed). */
  openConversation(id: string | null, atSeq?: number | null): Promise<void>;
  /** The message asked for is in view (or cannot be shown). */
  matchFocusDone(): void;
  /** Fetch the open conversation's view again (requests are coalesced). */
  reloadView(id: string, scope?: ViewScope): Promise<void>;
  /** Load the page of entries before the open view's first one (at least `atLeast` of them); resolves with how many it added. */
  loadEarlier(atLeast?: number): Promise<number>;
  /** Starts a conversation, sends a message, or answers an open question, as the view requires. */
  submitMessage(text: string, attachments?: import("../../../shared/usage-types").AttachmentView[]): Promise<boolean>;
  handleStepEvent(conversationId: string, event: StepEvent): void;
  applyOpenSummary(summary: ConversationSummary): void;
  forgetConversation(id: string): void;
}

export const createConversationSlice: StateCreator<AppState, [], [], ConversationSlice> = (set, get) => {
  // Each render of streamed words holds the page's looping animations still for a while (words-arriving.ts).
  const wordsShown = wordsArriving(document.documentElement, (arriving) => emitAppEvent("words-arriving", { arriving }));
  const events = createStepEventApplier(set, wordsShown);
  const views = createViewLoading(set, get);

  const runEnded = (conversationId: string, detail: unknown) => {
    if (get().openId === conversationId) {
      views.announceWhenShown(conversationId, detail);
      // The run announced its entries: only those the view lacks are fetched, not the whole page again.
      void get().reloadView(conversationId, "new");
      return;
    }
    set((s) => {
      const live = { ...s.live };
      delete live[conversationId];
      return { live };
    });
    emitAppEvent("run-ended", detail);
  };

  return {
    openId: null,
    view: null,
    viewLoading: false,
    viewError: null,
    earlierLoading: false,
    live: {},
    replyRows: {},
    pendingAction: null,
    matchFocus: null,
    openConversation: views.openConversation,
    matchFocusDone: () => set({ matchFocus: null }),
    reloadView: views.reloadView,
    loadEarlier: views.loadEarlier,
    ...createRunActions(set, get),
    ...createBranchActions(set, get),

    handleStepEvent(conversationId, event) {
      events.apply(conversationId, event);
      if (event.type === "run_start") emitAppEvent("run-started", { id: conversationId });
      else if (event.type === "run_end") runEnded(conversationId, { id: conversationId, stoppedBy: event.stoppedBy, error: event.error });
    },

    applyOpenSummary(summary) {
      const { view, openId } = get();
      if (openId !== summary.id) return;
      if (view && view.summary.id === summary.id) set({ view: { ...view, summary } });
      // A change of a running conversation may be a file write waiting for approval, which
      // only the full view shows; the end of a run settles its banner and question.
      if (view) void get().reloadView(summary.id, "new");
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
