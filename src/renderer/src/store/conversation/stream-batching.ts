/**
 * Streamed words are gathered and shown at most every other frame: one render per STREAM_RENDER_MS,
 * not per word. A render of a growing reply (its Markdown parsed again, laid out and painted)
 * costs most of a frame's CPU; at 30 renders a second a long reply takes half the main thread's
 * time it took at 60, and a word still reaches the screen within ~30 ms of its arrival here, ~42 ms
 * of the model's write with the main process's own wait (streamed-words-throttle.ts; the
 * benchmark's p95, target 50 ms). The first words after a pause are shown at the next frame. Any
 * other event first lets the waiting words through, so the order of events is kept. Each render of
 * words is told to `wordsShown` (the page's looping animations hold still meanwhile: words-arriving.ts).
 */
import type { StepEvent } from "../../../../shared/wire-types";
import { idleRun, reduceLiveRun } from "../live-run";
import { replyTakingRow } from "../reply-rows";
import type { SetState } from "../store-access";

/** The shortest time between two renders of streamed words: every other frame at 60 Hz (a frame's time is not exact). */
export const STREAM_RENDER_MS = 30;

export interface StepEventApplier {
  /** Apply one step event to the live run of its conversation, batching streamed words. */
  apply(conversationId: string, event: StepEvent): void;
}

export function createStepEventApplier(set: SetState, wordsShown: () => void = () => {}): StepEventApplier {
  const pendingText = new Map<string, { stateId: string; text: string }>();
  let flushScheduled = false;
  let lastFlushAt = -Infinity;

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

  /** `at`: the frame's time when a frame shows them (so the next frame but one is never skipped too). */
  const flushText = (at = performance.now()) => {
    flushScheduled = false;
    lastFlushAt = at;
    const batch = [...pendingText];
    pendingText.clear();
    for (const [id, { stateId, text }] of batch) applyNow(id, { type: "text_delta", stateId, text });
    if (batch.length) wordsShown();
  };

  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    if (document.visibilityState !== "visible") {
      setTimeout(() => flushText(), 50);
      return;
    }
    const atFrame = (frameTime: number) => {
      if (!flushScheduled) return; // another event let the words through meanwhile
      if (frameTime - lastFlushAt < STREAM_RENDER_MS) requestAnimationFrame(atFrame);
      else flushText(frameTime);
    };
    requestAnimationFrame(atFrame);
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
