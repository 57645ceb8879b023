/**
 * The bottom-anchored window follows the end while the person is there. Its own scrolls come
 * back as scroll events a frame later, when the content may have grown again (a run's end
 * swaps the streamed reply for the saved rows and a usage row): such an event is not the
 * person leaving the end. Driven here with a scroller and a ResizeObserver of our own, in
 * the order the browser delivers them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BottomAnchoredWindow } from "../../../src/renderer/src/lib/list-layout/bottom-anchored-window";

/** The page's document, where key presses arrive. */
class FakeDocument {
  private listeners: Array<(event: { key: string; target: unknown }) => void> = [];
  addEventListener(_type: string, listener: (event: { key: string; target: unknown }) => void) {
    this.listeners.push(listener);
  }
  removeEventListener(_type: string, listener: (event: { key: string; target: unknown }) => void) {
    this.listeners = this.listeners.filter((l) => l !== listener);
  }
  /** A key pressed with the focus on `target` (an element, or the page's body). */
  press(key: string, target: unknown) {
    for (const l of this.listeners) l({ key, target });
  }
}

/** A scroller as the browser keeps it: the position is clamped to the content, scroll events wait for the next frame. */
class FakeScroller {
  clientHeight = 600;
  contentHeight = 600;
  private top = 0;
  private listeners: Array<{ type: string; listener: (event: { target: unknown }) => void }> = [];
  pendingScroll = false;
  /** Its document: keys that scroll are heard there. */
  readonly ownerDocument = new FakeDocument();
  contains() {
    return false;
  }
  get scrollHeight() {
    return Math.max(this.contentHeight, this.clientHeight);
  }
  get scrollTop() {
    return this.top;
  }
  set scrollTop(value: number) {
    const clamped = Math.max(0, Math.min(value, this.scrollHeight - this.clientHeight));
    if (clamped !== this.top) this.pendingScroll = true;
    this.top = clamped;
  }
  addEventListener(type: string, listener: (event: { target: unknown }) => void) {
    this.listeners.push({ type, listener });
  }
  removeEventListener(type: string, listener: (event: { target: unknown }) => void) {
    this.listeners = this.listeners.filter((l) => l.type !== type || l.listener !== listener);
  }
  private dispatch(type: string) {
    for (const l of this.listeners) if (l.type === type) l.listener({ target: this });
  }
  /** The start of the next frame: the scroll event of the last change of position, if any. */
  dispatchPendingScroll() {
    if (!this.pendingScroll) return;
    this.pendingScroll = false;
    this.dispatch("scroll");
  }
  /** The person turns the mouse wheel over the list (its scroll follows). */
  wheel() {
    this.dispatch("wheel");
  }
  /** The person presses the list's scrollbar (a press on the scroller itself). */
  pressScrollbar() {
    this.dispatch("pointerdown");
  }
  /** Focus moves to an element inside the list (Tab). */
  focusInside() {
    this.dispatch("focusin");
  }
  /** The content changes height (rows added or removed); the browser clamps the position. */
  setContentHeight(height: number) {
    this.contentHeight = height;
    this.scrollTop = this.top;
  }
  /** The view changes height (a prompt below it opens or closes); the browser clamps the position. */
  setClientHeight(height: number) {
    this.clientHeight = height;
    this.scrollTop = this.top;
  }
  distanceFromEnd() {
    return this.scrollHeight - this.scrollTop - this.clientHeight;
  }
}

type Callback = (entries: ResizeObserverEntry[]) => void;
let observers: Callback[] = [];
const saved = { ResizeObserver: globalThis.ResizeObserver, raf: globalThis.requestAnimationFrame, caf: globalThis.cancelAnimationFrame };

beforeEach(() => {
  observers = [];
  globalThis.ResizeObserver = class {
    constructor(callback: Callback) {
      observers.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  globalThis.requestAnimationFrame = (() => 1) as typeof requestAnimationFrame;
  globalThis.cancelAnimationFrame = (() => undefined) as typeof cancelAnimationFrame;
});

afterEach(() => {
  globalThis.ResizeObserver = saved.ResizeObserver;
  globalThis.requestAnimationFrame = saved.raf;
  globalThis.cancelAnimationFrame = saved.caf;
});

const entry = (target: object, height: number) =>
  ({ target, contentRect: { height }, borderBoxSize: [{ blockSize: height, inlineSize: 800 }] }) as unknown as ResizeObserverEntry;

function windowOn(scroller: FakeScroller) {
  const away: boolean[] = [];
  const anchored = new BottomAnchoredWindow({
    rangeChanged: () => undefined,
    awayFromEndChanged: (value) => away.push(value),
    nearTop: () => undefined,
    openingSettled: () => undefined,
    prependSettled: () => undefined,
  });
  const column = { dataset: {} };
  anchored.attachScroller(scroller as unknown as HTMLElement);
  anchored.attachColumn(column as unknown as HTMLElement);
  const observe = (entries: ResizeObserverEntry[]) => observers[0](entries);
  // The first layout: the view and the column are measured; the view opens at the end.
  scroller.setContentHeight(3000);
  scroller.scrollTop = 3000;
  scroller.pendingScroll = false;
  observe([entry(scroller, scroller.clientHeight), entry(column, 3000)]);
  return { anchored, away, column, observe };
}

describe("the bottom-anchored window at the end of the conversation", () => {
  it("keeps following when its own scroll comes back after the content grew again", () => {
    const scroller = new FakeScroller();
    const { column, observe, away } = windowOn(scroller);
    expect(scroller.distanceFromEnd()).toBe(0);

    // A frame: the reply grew; after layout the window follows it to the end.
    scroller.setContentHeight(3040);
    observe([entry(column, 3040)]);
    expect(scroller.distanceFromEnd()).toBe(0);

    // Before the next frame the run ends: the streamed reply is replaced by the saved
    // reply and a usage row, taller by far more than the slack at the end.
    scroller.setContentHeight(3400);
    // The next frame starts with the scroll event of the window's own follow...
    scroller.dispatchPendingScroll();
    // ...then layout, and the new sizes are observed.
    observe([entry(column, 3400)]);
    expect(scroller.distanceFromEnd()).toBe(0);
    expect(away).not.toContain(true);
  });

  it("stops following when the person scrolls up, and follows again once they are back at the end", () => {
    const scroller = new FakeScroller();
    const { column, observe, away } = windowOn(scroller);

    scroller.wheel();
    scroller.scrollTop -= 500;
    scroller.dispatchPendingScroll();
    scroller.setContentHeight(3100);
    observe([entry(column, 3100)]);
    expect(scroller.distanceFromEnd()).toBe(600);
    expect(away.at(-1)).toBe(true);

    scroller.scrollTop = scroller.scrollHeight;
    scroller.dispatchPendingScroll();
    scroller.setContentHeight(3300);
    observe([entry(column, 3300)]);
    expect(scroller.distanceFromEnd()).toBe(0);
    expect(away.at(-1)).toBe(false);
  });

  it("stops following when the person scrolls up even while the content grows in the same frame", () => {
    const scroller = new FakeScroller();
    const { column, observe } = windowOn(scroller);
    scroller.setContentHeight(3040);
    observe([entry(column, 3040)]);

    scroller.wheel();
    scroller.scrollTop -= 300;
    scroller.setContentHeight(3100);
    scroller.dispatchPendingScroll();
    observe([entry(column, 3100)]);
    expect(scroller.distanceFromEnd()).toBe(360);
  });

  it("keeps following when the view grows taller (a question's prompt closed) while rows arrive in the same frame", () => {
    const scroller = new FakeScroller();
    const { column, observe, away } = windowOn(scroller);

    // A question's prompt opens below the list: the view gets shorter, the window follows the end.
    scroller.setClientHeight(464);
    observe([entry(scroller, 464)]);
    scroller.dispatchPendingScroll();
    expect(scroller.distanceFromEnd()).toBe(0);

    // The person answers: the prompt closes, the view grows back and the browser lowers the
    // position to fit; before the next frame the answer and the resumed run add rows.
    scroller.setClientHeight(600);
    scroller.setContentHeight(3300);
    scroller.dispatchPendingScroll();
    observe([entry(scroller, 600), entry(column, 3300)]);
    expect(scroller.distanceFromEnd()).toBe(0);
    expect(away).not.toContain(true);
  });

  it("keeps following when the content was far shorter for a moment, to the top, however late its rise is seen", () => {
    const scroller = new FakeScroller();
    const { column, observe, away } = windowOn(scroller);

    // The run ends: the streamed reply is hidden before its saved row is laid out, and a layout
    // in between (a script reading a size) sees only the question, shorter than the view: the
    // position drops to the top. The saved row then makes the content taller than before.
    scroller.setContentHeight(400);
    expect(scroller.scrollTop).toBe(0);
    scroller.setContentHeight(3200);
    observe([entry(column, 3200)]);
    scroller.dispatchPendingScroll();
    expect(scroller.distanceFromEnd()).toBe(0);
    expect(away).not.toContain(true);

    // The same rise, its scroll event seen first.
    scroller.setContentHeight(500);
    scroller.setContentHeight(3400);
    scroller.dispatchPendingScroll();
    observe([entry(column, 3400)]);
    expect(scroller.distanceFromEnd()).toBe(0);
    expect(away).not.toContain(true);
  });

  it("keeps following when a space is typed in the message field while the content is shorter for a moment", () => {
    const scroller = new FakeScroller();
    const { column, observe, away } = windowOn(scroller);
    const field = { closest: (selector: string) => (selector.includes("textarea") ? field : null) };
    scroller.ownerDocument.press(" ", field);
    scroller.setContentHeight(500);
    scroller.setContentHeight(3100);
    observe([entry(column, 3100)]);
    scroller.dispatchPendingScroll();
    expect(scroller.distanceFromEnd()).toBe(0);
    expect(away).not.toContain(true);
  });

  // Each way the person moves the list up, by `px`, while the content grows 400 px below.
  it.each([
    ["the wheel, by less than the slack", (scroller: FakeScroller) => scroller.wheel(), 40],
    ["the scrollbar", (scroller: FakeScroller) => scroller.pressScrollbar(), 1000],
    ["focus moved into an earlier message (the browser scrolls it into view)", (scroller: FakeScroller) => scroller.focusInside(), 800],
    ["Page Up with the focus outside a field", (scroller: FakeScroller) => scroller.ownerDocument.press("PageUp", { closest: () => null }), 540],
  ])("stops following when the person moves it up: %s", (_how, input, px) => {
    const scroller = new FakeScroller();
    const { column, observe, away } = windowOn(scroller);
    input(scroller);
    scroller.scrollTop -= px;
    scroller.setContentHeight(3400);
    scroller.dispatchPendingScroll();
    observe([entry(column, 3400)]);
    expect(scroller.distanceFromEnd()).toBe(px + 400);
    expect(away.at(-1)).toBe(true);
  });

  it("keeps following when the content shrinks for a moment (the streamed reply swapped for its saved row) and grows before the window looks", () => {
    const scroller = new FakeScroller();
    const { column, observe, away } = windowOn(scroller);
    scroller.setContentHeight(3040);
    observe([entry(column, 3040)]);
    scroller.dispatchPendingScroll();
    expect(scroller.distanceFromEnd()).toBe(0);

    // The saved row is a little shorter than the streamed one: a layout in between lowers the
    // position to fit; then the usage row and the next rows make the content taller than before.
    scroller.setContentHeight(3029);
    scroller.setContentHeight(3230);
    observe([entry(column, 3230)]);
    scroller.dispatchPendingScroll();
    expect(scroller.distanceFromEnd()).toBe(0);
    expect(away).not.toContain(true);
  });
});

describe("a row measured before its key is among the rows", () => {
  it("keeps that height for it when the key joins (the reply being written, taken over by its saved row)", () => {
    const scroller = new FakeScroller();
    const { anchored, observe } = windowOn(scroller);
    anchored.layout.setRows(["u0", "a1.0"], () => 100);
    // The live row, after the list's rows: measured as it grows, moving nothing in the layout.
    const live = { dataset: { key: "r7" } };
    anchored.observeRow(live as unknown as HTMLElement);
    observe([entry(live, 5_000)]);
    expect(anchored.layout.total()).toBe(200);
    observe([entry(live, 13_219)]);
    expect(anchored.layout.total()).toBe(200);
    // The saved reply takes the live row's key: the layout has its measured height, not a guess.
    anchored.layout.setRows(["u0", "a1.0", "u2", "r7"], () => 100);
    expect(anchored.layout.heightOf("r7")).toBe(13_219);
    expect(anchored.layout.total()).toBe(100 * 3 + 13_219);
  });
});

describe("the opening of a list", () => {
  /** Animation frames run when the test says a frame starts. */
  let frames: Map<number, FrameRequestCallback>;
  beforeEach(() => {
    frames = new Map();
    let next = 1;
    globalThis.requestAnimationFrame = ((callback: FrameRequestCallback) => {
      frames.set(next, callback);
      return next++;
    }) as typeof requestAnimationFrame;
    globalThis.cancelAnimationFrame = ((id: number) => void frames.delete(id)) as typeof cancelAnimationFrame;
  });
  const frame = () => {
    const due = [...frames.values()];
    frames.clear();
    for (const callback of due) callback(0);
  };

  it("says the first rows are in place only once nothing has moved them for a few frames, with how many are in the page", () => {
    const settled: number[] = [];
    const ranges: unknown[] = [];
    const anchored = new BottomAnchoredWindow({
      rangeChanged: (rows) => ranges.push(rows),
      awayFromEndChanged: () => undefined,
      nearTop: () => undefined,
      openingSettled: (rows) => settled.push(rows),
      prependSettled: () => undefined,
    });
    const keys = Array.from({ length: 200 }, (_, i) => `r${i}`);
    anchored.layout.setRows(keys, () => 100);
    const scroller = new FakeScroller();
    scroller.setContentHeight(20_000);
    scroller.scrollTop = 20_000;
    anchored.attachScroller(scroller as unknown as HTMLElement);
    const rows = keys.map((key) => ({ dataset: { key } }));
    anchored.committed();

    // Frame after frame, rows are measured taller than guessed (each measure asks for other rows).
    for (let i = 0; i < 6; i++) {
      frame();
      anchored.committed();
      observers[0]([entry(scroller, 600), entry(rows[199 - i], 140)]);
      expect(settled).toEqual([]);
    }
    expect(ranges.length).toBeGreaterThan(0);
    // The window's range update at the next frame is not committed yet: still not settled.
    frame();
    frame();
    expect(settled).toEqual([]);
    anchored.committed();
    for (let i = 0; i < 4; i++) frame();
    // The rows of the view (600 px) and of the space kept beyond its edges.
    const { first, last } = anchored.resolve(ranges.at(-1) as never);
    expect(settled).toEqual([last - first + 1]);
    expect(last - first + 1).toBeGreaterThan(8);
    for (let i = 0; i < 10; i++) frame();
    expect(settled).toHaveLength(1);
  });
});
