/**
 * The open conversation arrives in pages: its view brings the newest entries, and older
 * pages go in front of them as the person scrolls up. When the view is fetched again (a
 * run ended, a summary changed), the older pages already loaded are kept, so the rows the
 * person scrolled up to stay. Entries held are always one run of consecutive seqs.
 */
import type { ConversationView, EntriesPage } from "../../../shared/view-types";

/** The view with an older page in front; a page that does not join up with the view is ignored. */
export function withOlderPage(view: ConversationView, page: EntriesPage): ConversationView {
  if (page.id !== view.summary.id) return view;
  const older = page.entries.filter((entry) => entry.seq < view.firstSeq);
  if (older.length === 0 || older[older.length - 1].seq !== view.firstSeq - 1) return view;
  return { ...view, entries: older.concat(view.entries), firstSeq: older[0].seq };
}

/** A view fetched again, with the older entries the previous one had loaded in front (when they join up). */
export function keepLoadedEarlier(previous: ConversationView | null, next: ConversationView): ConversationView {
  if (!previous || previous.summary.id !== next.summary.id || previous.firstSeq >= next.firstSeq) return next;
  const older = previous.entries.filter((entry) => entry.seq < next.firstSeq);
  if (older.length === 0 || older[older.length - 1].seq !== next.firstSeq - 1) return next;
  return { ...next, entries: older.concat(next.entries), firstSeq: older[0].seq };
}
