/**
 * Streamed words are gathered per frame: one render per frame, not per word. Any other
 * event first lets the waiting words through, so the order of events is kept.
 */
import type { StepEvent } from "../../../../shared/wire-types";
import { idleRun, reduceLiveRun } from "../live-run";
import { replyTakingRow } from "../reply-rows";
import type { SetState } from "../store-access";

export interface StepEventApplier {
  /** Apply one step event to the live run of its conversation, batching streamed words. */
  apply(conversationId: string, event: StepEvent): void;
}

export function createStepEventApplier(set: SetState): StepEventApplier {
  const pendingText = new Map<string, { stateId: string; text: string }>();
  let flushScheduled = false;

  const applyNow = (conversationId: string, event: StepEvent) => {
    set((s) => {
      // Any event but run_start means a run is going, even when the window missed its start.
      const base = s.live[conversationId] ?? { ...idleRun, running: event.type !== "run_end" };
      const live = { ...s.live, [conversationId]: reduceLiveRun(base, event) };
      const taking = replyTakingRow(s.live[conversationId], event);
      if (!taking) return { live };
      const rows = { ...s.replyRows[conversationId], [taking.seq]: taking.key };
      return { live, replyRows: { ...s.replyRows, [conversationId]: rows } };
    });
  };

  const flushText = () => {
    flushScheduled = false;
    const batch = [...pendingText];
    pendingText.clear();
    for (const [id, { stateId, text }] of batch) applyNow(id, { type: "text_delta", stateId, text });
  };

  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    if (document.visibilityState === "visible") requestAnimationFrame(flushText);
    else setTimeout(flushText, 50);
  };

  return {
    apply(conversationId, event) {
      if (event.type === "text_delta") {
        const pending = pendingText.get(conversationId);
        pendingText.set(conversationId, { stateId: event.stateId, text: (pending?.text ?? "") + event.text });
        scheduleFlush();
        return;
      }
      // Words still waiting for a frame belong before whatever comes next.
      if (pendingText.size) flushText();
      applyNow(conversationId, event);
    },
  };
}
