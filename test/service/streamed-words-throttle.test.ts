/**
 * Streamed words go to a window at most once per interval: the first delta after a pause at
 * once, the next ones joined and sent at the interval's end; any other event lets the waiting
 * words through first; a conversation's deltas are joined only with the same kind and State.
 * And through the real service: a reply streamed fast reaches a window whole, in fewer messages.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppEvent } from "../../src/shared/ipc-contract";
import { STREAMED_WORDS_INTERVAL_MS, throttleStreamedWords } from "../../src/main/service/streamed-words-throttle";
import { useServiceFixture } from "./helpers";

const text = (conversationId: string, words: string, stateId = "s1"): AppEvent => ({ type: "step", conversationId, event: { type: "text_delta", stateId, text: words } });
const thinking = (conversationId: string, words: string): AppEvent => ({ type: "step", conversationId, event: { type: "thinking_delta", stateId: "s1", text: words } });
const runEnd = (conversationId: string): AppEvent => ({ type: "step", conversationId, event: { type: "run_end", stateId: "s1", stoppedBy: "end_turn", error: null } });

/** What the window got, as "conversation:kind:text" (or the event's type). */
function shown(events: AppEvent[]): string[] {
  return events.map((e) => (e.type === "step" && "text" in e.event ? `${e.conversationId}:${e.event.type}:${e.event.text}` : e.type === "step" ? `${e.conversationId}:${e.event.type}` : e.type));
}

/** A throttle with a 16 ms interval, and what it has sent to the window so far. */
function throttled(send: (event: AppEvent) => void = () => undefined) {
  const sent: AppEvent[] = [];
  const throttle = throttleStreamedWords((e) => {
    send(e);
    sent.push(e);
  }, 16);
  return { sent, ...throttle };
}

describe("the streamed words' throttle", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends the first delta at once and joins the ones within the interval into one, sent at its end", () => {
    const { sent, listener } = throttled();
    listener(text("a", "Hel"));
    expect(shown(sent)).toEqual(["a:text_delta:Hel"]);
    vi.advanceTimersByTime(2);
    listener(text("a", "lo "));
    vi.advanceTimersByTime(2);
    listener(text("a", "there"));
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(11);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown(sent)).toEqual(["a:text_delta:Hel", "a:text_delta:lo there"]);
    // A pause longer than the interval: the next words go at once again.
    vi.advanceTimersByTime(40);
    listener(text("a", "!"));
    expect(shown(sent).at(-1)).toBe("a:text_delta:!");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("lets the waiting words through before any other event, so the window sees them in order", () => {
    const { sent, listener } = throttled();
    listener(text("a", "one "));
    listener(text("a", "two "));
    listener(text("a", "three"));
    listener(runEnd("a"));
    expect(shown(sent)).toEqual(["a:text_delta:one ", "a:text_delta:two three", "a:run_end"]);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(3);
  });

  it("joins a conversation's deltas only with its own, of the same kind and State", () => {
    const { sent, listener } = throttled();
    listener(text("a", "first"));
    listener(thinking("a", "t1 "));
    listener(text("b", "b1 "));
    listener(thinking("a", "t2"));
    listener(text("b", "b2"));
    listener(text("a", "x "));
    listener(text("a", "y", "s2"));
    listener(thinking("a", "late"));
    vi.advanceTimersByTime(16);
    expect(shown(sent)).toEqual(["a:text_delta:first", "a:thinking_delta:t1 t2", "b:text_delta:b1 b2", "a:text_delta:x ", "a:text_delta:y", "a:thinking_delta:late"]);
    const a = shown(sent).filter((s) => s.startsWith("a:")).map((s) => s.split(":").slice(2).join(":")).join("|");
    expect(a).toBe("first|t1 t2|x |y|late");
  });

  it("flush sends what waits at once and stops the timer; a window that throws does not stop the words after it", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { sent, listener, flush } = throttled((e) => {
      if (e.type === "step" && "text" in e.event && e.event.text === "bad") throw new Error("gone");
    });
    listener(text("a", "go"));
    listener(text("a", "bad"));
    listener(text("b", "kept"));
    flush();
    expect(shown(sent)).toEqual(["a:text_delta:go", "b:text_delta:kept"]);
    expect(errors).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
    errors.mockRestore();
  });
});

const fixtures = useServiceFixture();

describe("streamed words from the service to a window", () => {
  it("a reply streamed a delta every 2 ms reaches the window whole and in order, in fewer messages than deltas", async () => {
    const fixture = await fixtures.open();
    const reply = Array.from({ length: 60 }, (_, i) => `word${i} `).join("");
    const sent: AppEvent[] = [];
    const throttle = throttleStreamedWords((e) => sent.push(e));
    fixture.service.events.on(throttle.listener);
    fixture.model.script({ text: reply, chunks: 60, delayMs: 2 });
    const { id } = await fixture.call("runs:start", { text: "Count" });
    await vi.waitFor(() => expect(sent.some((e) => e.type === "step" && e.conversationId === id && e.event.type === "run_end")).toBe(true), { timeout: 10_000 });
    const deltas = sent.flatMap((e) => (e.type === "step" && e.conversationId === id && e.event.type === "text_delta" ? [e.event.text] : []));
    expect(deltas.join("")).toBe(reply);
    // 60 deltas 2 ms apart (at least 118 ms): at most one message per interval, the first at once.
    expect(deltas.length).toBeLessThan(60);
    expect(deltas.length).toBeGreaterThan(1);
    expect(STREAMED_WORDS_INTERVAL_MS).toBeLessThanOrEqual(16);
  });
});
