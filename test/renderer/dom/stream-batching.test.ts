/**
 * Streamed words reach the conversation's state at most every other frame (STREAM_RENDER_MS),
 * the first words after a pause at the next frame, and any other event lets the waiting words
 * through before it, so the order of events is kept.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createStepEventApplier, STREAM_RENDER_MS } from "../../../src/renderer/src/store/conversation/stream-batching";
import type { SetState } from "../../../src/renderer/src/store/store-access";

const FRAME_MS = 1000 / 60;
let frameCallbacks: ((time: number) => void)[] = [];

/** The browser's next frame at `time`: the callbacks asked for before it run. */
function frame(time: number): void {
  const due = frameCallbacks;
  frameCallbacks = [];
  for (const callback of due) callback(time);
}

function store() {
  let state = { live: {}, replyRows: {} } as any;
  const shown: { length: number; running: boolean; thinking: boolean }[] = [];
  const set = ((update: (s: any) => any) => {
    state = { ...state, ...update(state) };
    const live = state.live.c1;
    shown.push({ length: live.stream.length, running: live.running, thinking: live.thinking });
  }) as unknown as SetState;
  return { set, shown, streamed: () => (state.live.c1?.stream.length ?? 0) as number };
}

const delta = (text: string) => ({ type: "text_delta", stateId: "c1", text }) as const;

beforeEach(() => {
  frameCallbacks = [];
  vi.stubGlobal("document", { visibilityState: "visible" });
  vi.stubGlobal("requestAnimationFrame", (callback: (time: number) => void) => frameCallbacks.push(callback));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("streamed words in the window", () => {
  it("are shown at most every other frame, the first words at the next frame", () => {
    expect(STREAM_RENDER_MS).toBeGreaterThan(FRAME_MS);
    expect(STREAM_RENDER_MS).toBeLessThan(2 * FRAME_MS);
    const { set, streamed } = store();
    const applier = createStepEventApplier(set);
    applier.apply("c1", { type: "think_start", step: 1 } as any);
    applier.apply("c1", delta("Hello"));
    expect(streamed()).toBe(0);
    frame(1000);
    expect(streamed()).toBe(5); // the first words: the next frame

    applier.apply("c1", delta(" there"));
    frame(1000 + FRAME_MS);
    expect(streamed()).toBe(5); // the frame right after a render shows nothing new
    applier.apply("c1", delta(", all"));
    frame(1000 + 2 * FRAME_MS);
    expect(streamed()).toBe(16); // every other frame, with all the words that came

    // After a pause, the next words are shown at the next frame.
    applier.apply("c1", delta("!"));
    frame(2000);
    expect(streamed()).toBe(17);
  });

  it("another event lets the waiting words through first, and the frame then has nothing to do", () => {
    const { set, shown } = store();
    const applier = createStepEventApplier(set);
    applier.apply("c1", { type: "think_start", step: 1 } as any);
    applier.apply("c1", delta("All of it"));
    applier.apply("c1", { type: "think_end", ok: true } as any);
    // The words were applied before think_end, in one go.
    expect(shown.map((s) => [s.length, s.thinking])).toEqual([
      [0, true],
      [9, true],
      [9, false],
    ]);
    frame(1000);
    expect(shown).toHaveLength(3);
  });

  it("tells each render of words (not each delta, nor other events) to the page's motion", () => {
    const { set } = store();
    let renders = 0;
    const applier = createStepEventApplier(set, () => renders++);
    applier.apply("c1", { type: "think_start", step: 1 } as any);
    expect(renders).toBe(0);
    applier.apply("c1", delta("One"));
    applier.apply("c1", delta(" two"));
    expect(renders).toBe(0);
    frame(1000);
    expect(renders).toBe(1);
    frame(1000 + FRAME_MS); // nothing waiting
    applier.apply("c1", delta(" three"));
    applier.apply("c1", { type: "think_end", ok: true } as any); // lets the words through first
    expect(renders).toBe(2);
    frame(1000 + 2 * FRAME_MS);
    expect(renders).toBe(2);
  });

  it("in a hidden window, the words wait on a timer instead of frames", () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal("document", { visibilityState: "hidden" });
      const { set, streamed } = store();
      const applier = createStepEventApplier(set);
      applier.apply("c1", delta("Quiet"));
      expect(frameCallbacks).toHaveLength(0);
      vi.advanceTimersByTime(50);
      expect(streamed()).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });
});
