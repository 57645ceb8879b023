/**
 * The open conversation arrives in pages: its view brings the newest entries, and older
 * pages go in front of them as the person scrolls up. When the view is fetched again (a
 * run ended, a summary changed), the older pages already loaded are kept, so the rows the
 * person scrolled up to stay. Entries held are always one run of consecutive seqs.
 */
import type { ConversationView, EntriesPage, HistoryEntryView } from "../../../shared/view-types";

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

/** The seq of the last entry `view` holds (one before its first when it holds none). */
function lastSeqOf(view: ConversationView): number {
  return view.entries.length ? view.entries[view.entries.length - 1].seq : view.firstSeq - 1;
}

/**
 * How many of the newest entries a refresh of `view` asks for: those the run announced that
 * it does not show yet (at least one, so the summary and banner come along). The entries it
 * shows are not sent again: a conversation of long replies would otherwise come whole at
 * every run's end, megabytes in one message, which holds the window for hundreds of ms.
 */
export function refreshTail(view: ConversationView, announced: readonly HistoryEntryView[]): number {
  const lastSeq = lastSeqOf(view);
  return Math.max(1, announced.filter((entry) => entry.seq > lastSeq).length);
}

/** How many entries `next` (a refresh) holds after the last one `previous` shows, counting those it did not send. */
export function entriesAfterView(previous: ConversationView, next: ConversationView): number {
  const lastSeq = lastSeqOf(previous);
  return Math.max(1, next.totalEntries - lastSeq - 1);
}

/** `next` (a refresh's newest entries) continues `previous` with nothing missing between them. */
export function continuesView(previous: ConversationView, next: ConversationView): boolean {
  if (previous.summary.id !== next.summary.id) return false;
  const lastSeq = lastSeqOf(previous);
  return next.firstSeq <= lastSeq + 1;
}
