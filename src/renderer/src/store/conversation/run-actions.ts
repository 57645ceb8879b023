/**
 * What the person does to a conversation's run: send a message (a new conversation's
 * first one too), answer an open question, stop, continue. One action at a time; a
 * failure is told in a toast and the action can be tried again.
 */
import { api } from "../../api/current-api";
import { emitAppEvent } from "../../app-events";
import type { ConversationView } from "../../../../shared/view-types";
import type { AttachmentView } from "../../../../shared/usage-types";
import { selectOpenRunning } from "./selectors";
import { toastFailure, type GetState, type SetState } from "../store-access";
import { t } from "../../i18n/i18n";

export interface RunActions {
  submitMessage(text: string, attachments?: AttachmentView[]): Promise<boolean>;
  answerAsk(answer: string): Promise<boolean>;
  stopRun(): Promise<void>;
  continueRun(): Promise<void>;
}

/** The view with `change` applied when it still shows conversation `id`. */
function viewOf(view: ConversationView | null, id: string, change: Partial<ConversationView>): ConversationView | null {
  return view && view.summary.id === id ? { ...view, ...change } : view;
}

export function createRunActions(set: SetState, get: GetState): RunActions {
  const filesOf = (attachments: AttachmentView[]) => (attachments.length ? { attachments: attachments.map(({ id, name }) => ({ id, name })) } : {});

  const startConversation = async (text: string, attachments: AttachmentView[]) => {
    const { id } = await api().request("runs:start", { text, ...filesOf(attachments) });
    emitAppEvent("message-sent", { id, kind: "start" });
    get().refreshList();
    set({ pendingAction: null });
    await get().openConversation(id);
  };

  const sendToOpen = async (id: string, text: string, attachments: AttachmentView[]) => {
    await api().request("runs:send", { id, text, ...filesOf(attachments) });
    emitAppEvent("message-sent", { id, kind: "send" });
    // Sending continues an interrupted run too: the banner has done its job.
    set((s) => ({ pendingAction: null, view: viewOf(s.view, id, { interruption: null }) }));
  };

  return {
    async submitMessage(text, attachments = []) {
      const { openId, view } = get();
      if (!text.trim() || get().pendingAction) return false;
      if (openId && view?.pendingAsk && !view.pendingAsk.choices?.length && attachments.length === 0) return get().answerAsk(text);
      set({ pendingAction: "send" });
      try {
        if (!openId) await startConversation(text, attachments);
        else await sendToOpen(openId, text, attachments);
        return true;
      } catch (error) {
        set({ pendingAction: null });
        toastFailure(get, t("toast.sendFailed"), error);
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
        set((s) => ({ pendingAction: null, view: viewOf(s.view, id, { pendingAsk: null }) }));
        return true;
      } catch (error) {
        set({ pendingAction: null });
        toastFailure(get, t("toast.answerFailed"), error);
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
        toastFailure(get, t("toast.stopFailed"), error);
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
        set((s) => ({ pendingAction: null, view: viewOf(s.view, id, { interruption: null }) }));
      } catch (error) {
        set({ pendingAction: null });
        toastFailure(get, t("toast.continueFailed"), error);
      }
    },
  };
}
