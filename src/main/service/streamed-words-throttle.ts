/**
 * Streamed words go to a window at most once per STREAMED_WORDS_INTERVAL_MS: the first delta
 * after a pause at once, the ones that follow within the interval joined into one delta sent at
 * its end. A model streams a delta every few milliseconds; each message costs the window a task
 * of its own (reading it, parsing it, waking its renderer), about a fifth of a millisecond, which
 * for a long reply was a fifth of the window's main-thread time. The window shows streamed words
 * at most every other frame anyway (stream-batching.ts); the benchmark times each delta from the
 * model's server to its paint, so the wait here is counted.
 *
 * Order is kept: any other event first sends the words waiting before it, and a conversation's
 * deltas are joined only with the one waiting last for it, of the same kind and the same State.
 */
import type { AppEvent } from "../../shared/ipc-contract";
import type { AppEventListener } from "./app-event-bus";

/**
 * Half a frame at 60 Hz. A longer wait here adds to the window's own (it renders streamed words
 * every other frame): in runs one after the other, the p95 from the model's write to the paint
 * was 47-48 ms at 16 ms, 42 ms at 8 ms and 37-49 ms with no wait; 1,500 messages for a 200 KB
 * reply at 8 ms instead of 5,000 (docs/performance.md, Markdown replies).
 */
export const STREAMED_WORDS_INTERVAL_MS = 8;

type StepAppEvent = Extract<AppEvent, { type: "step" }>;
type DeltaEvent = StepAppEvent & { event: { type: "text_delta" | "thinking_delta" } };

function isDelta(event: AppEvent): event is DeltaEvent {
  return event.type === "step" && (event.event.type === "text_delta" || event.event.type === "thinking_delta");
}

function joinable(waiting: DeltaEvent, next: DeltaEvent): boolean {
  return waiting.event.type === next.event.type && waiting.event.stateId === next.event.stateId;
}

export interface StreamedWordsThrottle {
  /** Give it every app event for the window, in order. */
  readonly listener: AppEventListener;
  /** Send what waits now, and stop the timer (the window is going). */
  flush(): void;
}

export function throttleStreamedWords(send: AppEventListener, intervalMs = STREAMED_WORDS_INTERVAL_MS): StreamedWordsThrottle {
  const waiting: DeltaEvent[] = [];
  // Held words are sent from a timer too: a window that cannot take them must not throw there.
  const sendSafely = (event: AppEvent) => {
    try {
      send(event);
    } catch (error) {
      console.error("Streamed words could not be sent to a window:", error);
    }
  };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSentAt = -Infinity;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (waiting.length) lastSentAt = performance.now();
    for (const event of waiting.splice(0)) sendSafely(event);
  };

  const hold = (event: DeltaEvent) => {
    for (let i = waiting.length - 1; i >= 0; i--) {
      if (waiting[i].conversationId !== event.conversationId) continue;
      if (!joinable(waiting[i], event)) break;
      const joined = waiting[i];
      waiting[i] = { ...joined, event: { ...joined.event, text: joined.event.text + event.event.text } };
      return;
    }
    waiting.push(event);
  };

  const listener: AppEventListener = (event) => {
    if (!isDelta(event)) {
      flush();
      send(event);
      return;
    }
    const sinceLast = performance.now() - lastSentAt;
    if (!waiting.length && sinceLast >= intervalMs) {
      lastSentAt = performance.now();
      send(event);
      return;
    }
    hold(event);
    timer ??= setTimeout(flush, Math.max(0, intervalMs - sinceLast));
  };
  return { listener, flush };
}
