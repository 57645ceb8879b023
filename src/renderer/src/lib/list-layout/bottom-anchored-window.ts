/**
 * Keeps a long list of rows of different heights in a scroller, with only the rows near the view
 * in the page. It follows the end while the person is there, and otherwise keeps the rows they
 * read in place when rows above change height or older rows are put in front. Positions come from
 * the row layout, sizes from ResizeObserver; the scroll position is read in scroll events and
 * resize observations, where layout is fresh, and the page changes only on scroll and in
 * animation frames (but for the correction when an older page is put in front).
 */
import { RowLayout, type RowRange } from "./row-layout";
import { PersonScrolling } from "./person-scrolling";
import type { MountedRows, WindowEvents } from "./bottom-anchored-window-events";
import { OVERSCAN_PX, PINNED_SLACK_PX, AWAY_FROM_END_PX, LOAD_AHEAD_PX, VIEWPORT_GUESS_PX, FIRST_PAINT_OVERSCAN_PX } from "./bottom-anchored-window-tuning";
import { afterQuietFrames } from "./after-quiet-frames";

export type { MountedRows, WindowEvents };

type Role = "scroller" | "column" | "header" | "row";
/** What the rows settle after: the list's first layout, or older rows put in front. */
type Settling = "opening" | "prepend";

export class BottomAnchoredWindow {
  readonly layout = new RowLayout();
  private scroller: HTMLElement | null = null;
  private readonly roles = new WeakMap<Element, Role>();
  private observer: ResizeObserver | null = null;
  private scrollTop = 0;
  private viewBottom = 0; // scrollTop + the view's height, as last read
  private viewport = 0; // 0 until the scroller has been measured
  private headerHeight = 0; // above the first row: the column's padding, the "earlier messages" button
  private pinned = true;
  private away = false;
  private sent: MountedRows = { first: null, last: null, toEnd: true };
  private pendingCommit = false; // a window was asked for that React has not committed yet
  private changes = 0; // every change of the rows' places; settling waits until it stops
  private readonly stopSettling: Record<Settling, () => void> = { opening: () => undefined, prepend: () => undefined };
  private rangeFrame = 0;
  private unapplied = 0; // what the browser rounded off the list's last own scroll (under a pixel)
  private loadArmed = true; // after a load that added nothing, ask again once the person scrolled away
  private readonly person = new PersonScrolling();

  constructor(private readonly events: WindowEvents) {}

  /** The rows to have in the page, from the scroll position (the end, before the view is measured). */
  computeRange(): RowRange {
    if (!this.viewport) {
      const total = this.layout.total();
      return this.layout.range(total - VIEWPORT_GUESS_PX - FIRST_PAINT_OVERSCAN_PX, total);
    }
    const top = this.scrollTop - this.headerHeight;
    return this.layout.range(top - OVERSCAN_PX, top + this.viewport + OVERSCAN_PX);
  }

  /** The rows to render for a window given by keys; recomputed when a key has gone. */
  resolve(rows: MountedRows): RowRange {
    const n = this.layout.count;
    const first = rows.first === null ? -1 : this.layout.indexOf(rows.first);
    const last = rows.toEnd ? n - 1 : rows.last === null ? -1 : this.layout.indexOf(rows.last);
    if (first < 0 || last < first) return this.computeRange();
    return { first, last };
  }

  /** Elements, given by React ref callbacks; each returns its cleanup. */
  attachScroller(element: HTMLElement): () => void {
    this.scroller = element;
    element.addEventListener("scroll", this.onScroll, { passive: true });
    const stop = this.observe(element, "scroller");
    const forgetPerson = this.person.attach(element);
    this.settle("opening", (rows) => this.events.openingSettled(rows));
    return () => {
      element.removeEventListener("scroll", this.onScroll);
      forgetPerson();
      this.stopSettling.opening();
      this.stopSettling.prepend();
      cancelAnimationFrame(this.rangeFrame);
      this.rangeFrame = 0;
      stop();
      this.scroller = null;
    };
  }

  attachColumn(element: HTMLElement): () => void {
    return this.observe(element, "column");
  }

  attachHeader(element: HTMLElement): () => void {
    return this.observe(element, "header");
  }

  observeRow(element: HTMLElement): () => void {
    return this.observe(element, "row");
  }

  /** React has committed the rows last asked for. */
  committed(): void {
    this.pendingCommit = false;
  }

  /** The rows changed (added, removed): the window may need other rows. */
  rowsChanged(): void {
    this.updateRange(false);
  }

  /** Rows were put in front, `addedPx` high in the layout: keep the rows on screen where they are. */
  rowsPrepended(addedPx: number): void {
    const scroller = this.scroller;
    if (scroller && !this.pinned && addedPx > 0) {
      // Once per older page, not per frame: the one place the list writes and then lets layout run.
      this.scrollBy(scroller, addedPx);
      this.scrollTop = scroller.scrollTop;
    }
    this.changes++;
    this.settle("prepend", (rows) => this.events.prependSettled(rows));
  }

  /** Bring row `index` to the upper third of the view, leaving the end (a search result asked for that row). */
  scrollToRow(index: number): boolean {
    const scroller = this.scroller;
    if (!scroller || !this.viewport) return false; // not measured yet
    this.pinned = false;
    scroller.scrollTop = Math.max(0, this.headerHeight + this.layout.offsetOf(index) - this.viewport / 3);
    this.scrollTop = scroller.scrollTop;
    this.updateRange(true);
    return true;
  }

  jumpToLatest(): void {
    const scroller = this.scroller;
    if (!scroller) return;
    this.pinned = true;
    scroller.scrollTop = scroller.scrollHeight;
  }

  /** The conversation may have older rows to load now (they arrived, or loading ended). */
  checkNearTop(): void {
    if (!this.viewport || !this.loadArmed) return;
    if (this.scrollTop - this.headerHeight < LOAD_AHEAD_PX) this.events.nearTop();
  }

  /** A load of older rows added nothing: ask again only once the person has scrolled away. */
  holdLoading(): void {
    this.loadArmed = false;
  }

  private observe(element: HTMLElement, role: Role): () => void {
    this.roles.set(element, role);
    this.observer ??= new ResizeObserver(this.onResize);
    this.observer.observe(element);
    return () => this.observer?.unobserve(element);
  }

  private readonly onScroll = () => {
    const scroller = this.scroller;
    if (!scroller) return;
    // Scroll events come at the start of a frame, and the list changes the page only within
    // frames (on scroll, in animation frames), so reading the position here lays out nothing.
    const scrollTop = scroller.scrollTop;
    if (scrollTop !== this.scrollTop) this.unapplied = 0;
    const movedUp = this.movedUp(scroller, scrollTop);
    this.scrollTop = scrollTop;
    this.updatePinned(scroller, movedUp);
    if (this.scrollTop - this.headerHeight > LOAD_AHEAD_PX) this.loadArmed = true;
    this.updateRange(true);
    this.checkNearTop();
  };

  /** After layout, before paint: sizes are fresh and reading them costs nothing. */
  private readonly onResize = (entries: ResizeObserverEntry[]) => {
    const scroller = this.scroller;
    if (!scroller) return;
    const scrollTop = scroller.scrollTop;
    if (scrollTop !== this.scrollTop) this.unapplied = 0;
    // The person scrolled up since the last scroll event (still to come): the view stops following.
    if (this.movedUp(scroller, scrollTop)) this.updatePinned(scroller, true, scrollTop);
    this.scrollTop = scrollTop;
    // The first row starting in the view, as laid out before these sizes: rows above it (one cut by the top edge too) may change height without moving it.
    const top = this.scrollTop - this.headerHeight;
    let anchor = this.layout.indexAt(top);
    if (anchor >= 0 && this.layout.offsetOf(anchor) < top) anchor++;
    const belowHeader = this.scrollTop > this.headerHeight;
    let shift = 0;
    let moved = false;
    for (const entry of entries) {
      const target = entry.target as HTMLElement;
      const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height;
      switch (this.roles.get(target)) {
        case "scroller":
          this.viewport = entry.contentRect.height;
          moved = true;
          break;
        case "column":
          // The content grew or shrank (a streamed reply, the thinking dots): followed below when pinned.
          break;
        case "header": {
          const grew = height - this.headerHeight;
          this.headerHeight = height;
          if (grew && belowHeader) shift += grew;
          if (grew) moved = true;
          break;
        }
        case "row": {
          const key = target.dataset.key;
          const index = key === undefined ? -1 : this.layout.indexOf(key);
          // Measured even when not among the rows yet (the reply being written): its saved row takes its key.
          const grew = key === undefined ? 0 : this.layout.measure(key, height);
          if (index < 0) break;
          if (grew) moved = true;
          if (index < anchor) shift += grew;
          break;
        }
      }
    }
    if (this.pinned) {
      const end = scroller.scrollHeight - scroller.clientHeight;
      if (Math.abs(scroller.scrollTop - end) >= 1) scroller.scrollTop = end;
    } else if (shift) {
      this.scrollBy(scroller, shift);
    }
    this.scrollTop = scroller.scrollTop;
    this.viewBottom = this.scrollTop + scroller.clientHeight;
    this.updatePinned(scroller, false);
    if (moved || shift) {
      this.changes++;
      this.requestRangeUpdate();
    }
    this.checkNearTop();
  };

  /**
   * Both edges rose (a view grown taller only has its top lowered) and the person moved it: a rise
   * without their input, however far, is the browser lowering the view to content that was shorter
   * for a moment (see person-scrolling.ts), seen late when a script read a size in between.
   */
  private movedUp(scroller: HTMLElement, scrollTop: number): boolean {
    const bottom = scrollTop + scroller.clientHeight;
    const rise = this.scrollTop - scrollTop;
    const up = rise > 1 && bottom < this.viewBottom - 1 && this.person.recently;
    this.viewBottom = bottom;
    return up;
  }

  /** Moves the view by `px`, carrying what the browser rounds off to the next move (no drift from many small corrections). */
  private scrollBy(scroller: HTMLElement, px: number): void {
    const target = this.scrollTop + px + this.unapplied;
    scroller.scrollTop = target;
    const rest = target - scroller.scrollTop;
    this.unapplied = Math.abs(rest) < 1 ? rest : 0;
  }

  /** New sizes may call for other rows: rendered at the next frame's start, so the page never changes between frames (the next scroll event would lay it out). */
  private requestRangeUpdate(): void {
    if (this.rangeFrame) return;
    this.rangeFrame = requestAnimationFrame(() => {
      this.rangeFrame = 0;
      this.updateRange(true);
    });
  }

  /** Only where sizes are fresh. Following stops only on a move up: the list's own follow's event comes a frame later, the content maybe grown far past it. */
  private updatePinned(scroller: HTMLElement, movedUp: boolean, scrollTop = this.scrollTop): void {
    if (!this.viewport) return;
    const distance = scroller.scrollHeight - scrollTop - scroller.clientHeight;
    this.pinned = (this.pinned && !movedUp) || distance < PINNED_SLACK_PX;
    const away = !this.pinned && distance > AWAY_FROM_END_PX;
    if (away !== this.away) {
      this.away = away;
      this.events.awayFromEndChanged(away);
    }
  }

  private updateRange(now: boolean): void {
    const { first, last } = this.computeRange();
    const rows: MountedRows = {
      first: this.layout.keyAt(first) ?? null,
      last: this.layout.keyAt(last) ?? null,
      toEnd: last >= this.layout.count - 1,
    };
    const sent = this.sent;
    if (rows.first === sent.first && rows.last === sent.last && rows.toEnd === sent.toEnd) return;
    this.sent = rows;
    this.pendingCommit = true;
    this.changes++;
    this.events.rangeChanged(rows, now);
  }

  /** Waits until the rows' places have stopped changing for a few frames, then says so with how many rows are in the page. */
  private settle(kind: Settling, settled: (rows: number) => void): void {
    this.stopSettling[kind]();
    this.stopSettling[kind] = afterQuietFrames(
      () => ({ changes: this.changes, pending: this.pendingCommit || this.rangeFrame !== 0 }),
      () => {
        const { first, last } = this.resolve(this.sent);
        settled(Math.max(0, last - first + 1));
        this.checkNearTop();
      },
    );
  }
}
