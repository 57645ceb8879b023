import { describe, expect, it } from "vitest";
import { fetchNewestEntries } from "../../src/renderer/src/store/conversation/newest-entries-request";
import { DEFAULT_TAIL_ENTRIES } from "../../src/shared/page-sizes";
import { view } from "./support/conversation-views";

/** A conversation of `length` entries that grows by `growth[i]` entries before the i-th answer. */
function conversation(length: number, growth: number[]) {
  const asked: (number | undefined)[] = [];
  return {
    asked,
    fetch: async (tail?: number) => {
      length += growth[asked.length] ?? 0;
      asked.push(tail);
      const size = Math.min(length, tail ?? DEFAULT_TAIL_ENTRIES);
      return view(length - size, length);
    },
  };
}

describe("a refresh of the open view", () => {
  it("takes what the run announced when nothing more was saved", async () => {
    const stored = conversation(12, []);
    const fetched = await fetchNewestEntries({ fetch: stored.fetch, shown: () => view(0, 10) }, 2);
    expect(stored.asked).toEqual([2]);
    expect(fetched.firstSeq).toBe(10);
    expect(fetched.entries).toHaveLength(2);
  });

  it("asks for exactly the gap when more was saved than announced, not for the newest page whole", async () => {
    // The view ends at seq 9; one entry was announced, three were saved by the time of the answer.
    const stored = conversation(13, []);
    const fetched = await fetchNewestEntries({ fetch: stored.fetch, shown: () => view(0, 10) }, 1);
    expect(stored.asked).toEqual([1, 3]);
    expect(fetched.firstSeq).toBe(10);
    expect(fetched.entries.map((e) => e.seq)).toEqual([10, 11, 12]);
  });

  it("asks again while entries keep coming, then takes the newest page whole", async () => {
    const settling = conversation(12, [0, 2, 0]);
    const settled = await fetchNewestEntries({ fetch: settling.fetch, shown: () => view(0, 10) }, 1);
    expect(settling.asked).toEqual([1, 2, 4]);
    expect(settled.entries.map((e) => e.seq)).toEqual([10, 11, 12, 13]);

    const endless = conversation(11, [1, 2, 2, 2, 2]);
    const whole = await fetchNewestEntries({ fetch: endless.fetch, shown: () => view(0, 10) }, 1);
    expect(endless.asked).toEqual([1, 2, 4, 6, undefined]);
    expect(whole.firstSeq).toBe(0);
    expect(whole.totalEntries).toBe(20);
  });

  it("takes the newest page whole when the view is gone or the gap is wider than a page", async () => {
    const closed = conversation(12, []);
    await fetchNewestEntries({ fetch: closed.fetch, shown: () => null }, 1);
    expect(closed.asked).toEqual([1, undefined]);

    const far = conversation(5_000, []);
    await fetchNewestEntries({ fetch: far.fetch, shown: () => view(0, 10) }, 1);
    expect(far.asked).toEqual([1, undefined]);
  });
});
