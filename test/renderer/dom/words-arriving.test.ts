/**
 * The page's root is marked while streamed words are being shown, and unmarked once none have
 * been shown for WORDS_QUIET_MS: set and removed once per burst of words, never per render.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WORDS_ARRIVING_ATTRIBUTE, WORDS_QUIET_MS, wordsArriving } from "../../../src/renderer/src/lib/words-arriving";

/** The two methods of an element the marking uses, counting each change. */
function root() {
  const attributes = new Map<string, string>();
  const changes: string[] = [];
  const element = {
    setAttribute: (name: string, value: string) => (attributes.set(name, value), changes.push(`+${name}`)),
    removeAttribute: (name: string) => (attributes.delete(name), changes.push(`-${name}`)),
  };
  return { element: element as unknown as HTMLElement, marked: () => attributes.has(WORDS_ARRIVING_ATTRIBUTE), changes };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("words arriving", () => {
  it("marks the root while words are shown and unmarks it once they pause", () => {
    const page = root();
    const heard: boolean[] = [];
    const shown = wordsArriving(page.element, (arriving) => heard.push(arriving));
    expect(page.marked()).toBe(false);

    shown();
    expect(page.marked()).toBe(true);
    // A render every 33 ms for three quiet periods: still marked, and marked only once.
    for (let t = 0; t < 3 * WORDS_QUIET_MS; t += 33) {
      vi.advanceTimersByTime(33);
      shown();
      expect(page.marked()).toBe(true);
    }
    expect(page.changes).toEqual([`+${WORDS_ARRIVING_ATTRIBUTE}`]);
    expect(heard).toEqual([true]);

    // The words pause: unmarked a quiet period after the last render, not before.
    vi.advanceTimersByTime(WORDS_QUIET_MS - 1);
    expect(page.marked()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(page.marked()).toBe(false);
    expect(heard).toEqual([true, false]);

    // Words again: marked again at once.
    shown();
    expect(page.marked()).toBe(true);
    vi.advanceTimersByTime(WORDS_QUIET_MS);
    expect(page.changes).toEqual([`+${WORDS_ARRIVING_ATTRIBUTE}`, `-${WORDS_ARRIVING_ATTRIBUTE}`, `+${WORDS_ARRIVING_ATTRIBUTE}`, `-${WORDS_ARRIVING_ATTRIBUTE}`]);
    expect(heard).toEqual([true, false, true, false]);
  });

  it("keeps one timer for a burst of words, however many renders it has", () => {
    const page = root();
    const shown = wordsArriving(page.element);
    for (let i = 0; i < 100; i++) {
      shown();
      vi.advanceTimersByTime(5);
    }
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(WORDS_QUIET_MS);
    expect(vi.getTimerCount()).toBe(0);
    expect(page.marked()).toBe(false);
  });
});
