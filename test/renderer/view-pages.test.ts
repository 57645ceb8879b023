import { describe, expect, it } from "vitest";
import { continuesView, keepLoadedEarlier, refreshTail, withOlderPage } from "../../src/renderer/src/store/view-pages";
import type { ConversationView, EntriesPage } from "../../src/shared/view-types";
import { entry, span, view } from "./support/conversation-views";

const seqs = (shown: ConversationView) => shown.entries.map((e) => e.seq);

const page = (from: number, to: number, id = "c1"): EntriesPage => ({ id, entries: span(from, to), firstSeq: from, totalEntries: 100 });

describe("a conversation view in pages", () => {
  it("puts an older page in front when it joins up, and ignores one that does not", () => {
    const joined = withOlderPage(view(80, 100), page(60, 80));
    expect(joined.firstSeq).toBe(60);
    expect(seqs(joined)).toEqual(span(60, 100).map((e) => e.seq));
    // Overlapping pages add only what is older.
    expect(seqs(withOlderPage(view(80, 100), page(70, 85)))).toEqual(span(70, 100).map((e) => e.seq));
    const current = view(80, 100);
    expect(withOlderPage(current, page(50, 70))).toBe(current); // a gap
    expect(withOlderPage(current, page(60, 80, "other"))).toBe(current);
    expect(withOlderPage(current, { id: "c1", entries: [], firstSeq: 0, totalEntries: 100 })).toBe(current);
  });

  it("keeps the older entries already loaded when the view is fetched again", () => {
    const scrolled = withOlderPage(view(80, 100), page(60, 80));
    const again = keepLoadedEarlier(scrolled, view(82, 103));
    expect(again.firstSeq).toBe(60);
    expect(seqs(again)).toEqual(span(60, 103).map((e) => e.seq));
    expect(again.totalEntries).toBe(103);
    // Another conversation, or a fetched view that no longer joins up, replaces it.
    const other = view(0, 5, "c2");
    expect(keepLoadedEarlier(scrolled, other)).toBe(other);
    const far = view(300, 320);
    expect(keepLoadedEarlier(scrolled, far)).toBe(far);
    const first = view(0, 10);
    expect(keepLoadedEarlier(null, first)).toBe(first);
  });

  it("refreshes a view with only the entries a run announced that it does not show yet", () => {
    const shown = view(80, 100);
    // Two new entries announced (one already in the view): two asked for, not the whole page.
    expect(refreshTail(shown, [entry(99), entry(100), entry(101)])).toBe(2);
    // Nothing new announced: the newest entry alone, for the summary and banner.
    expect(refreshTail(shown, [])).toBe(1);
    expect(refreshTail(view(0, 0), [entry(0)])).toBe(1);

    // The refresh joins up with the view: its older entries stay; a gap means entries were missed.
    const refreshed = view(100, 102);
    expect(continuesView(shown, refreshed)).toBe(true);
    expect(seqs(keepLoadedEarlier(shown, refreshed))).toEqual(span(80, 102).map((e) => e.seq));
    expect(continuesView(shown, view(99, 102))).toBe(true);
    expect(continuesView(shown, view(101, 103))).toBe(false);
    expect(continuesView(shown, view(100, 102, "other"))).toBe(false);
    expect(continuesView(view(0, 0), view(0, 1))).toBe(true);
  });
});
