/**
 * A refresh of the open view that fetches only the entries it lacks. The window asks for as
 * many as the run announced; when the main process had saved more by the time it answered
 * (its step events were still on their way), the answer leaves a gap above the view's end,
 * and the window asks again for exactly the gap instead of the newest page whole.
 */
import type { ConversationView } from "../../../../shared/view-types";
import { MAX_PAGE_ENTRIES } from "../../../../shared/page-sizes";
import { continuesView, entriesAfterView } from "../view-pages";

/** Asks for the gap at most this often while entries keep coming; then the newest page whole. */
const GAP_REQUESTS = 3;

export interface NewestEntriesSource {
  /** The view with its newest `tail` entries, or the newest page whole when `tail` is absent. */
  fetch(tail?: number): Promise<ConversationView>;
  /** The view the window shows now (it may change while a request is out). */
  shown(): ConversationView | null;
}

export async function fetchNewestEntries(source: NewestEntriesSource, tail: number): Promise<ConversationView> {
  let fetched = await source.fetch(tail);
  for (let asked = 0; ; asked++) {
    const now = source.shown();
    if (!now) return source.fetch();
    if (continuesView(now, fetched)) return fetched;
    const gap = entriesAfterView(now, fetched);
    if (asked === GAP_REQUESTS || gap > MAX_PAGE_ENTRIES) return source.fetch();
    fetched = await source.fetch(gap);
  }
}
