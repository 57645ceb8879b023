/**
 * Keeps the row the person is reading at the same place on screen while rows are added
 * above it. Rows away from the screen are laid out with an estimated height
 * (`content-visibility: auto`) until they come near it, so the growth of the scroll height
 * does not say how far the row moved: the row itself is measured, and measured again for a
 * few frames while the rows around it take their real heights.
 */

export interface ReadingAnchor {
  /** The `data-key` of the first row still (partly) on screen. */
  key: string;
  /** Its top, in pixels below the top of the scroller. */
  offset: number;
}

const ROW_SELECTOR = "[data-key]";
/** Frames to keep correcting after the rows were added (each may lay out rows coming near the screen). */
const SETTLE_FRAMES = 10;

export function readingAnchor(scroller: HTMLElement): ReadingAnchor | null {
  const top = scroller.getBoundingClientRect().top;
  for (const row of scroller.querySelectorAll<HTMLElement>(ROW_SELECTOR)) {
    const rect = row.getBoundingClientRect();
    if (rect.bottom > top) return { key: row.dataset.key!, offset: rect.top - top };
  }
  return null;
}

/** Scrolls so the anchor's row is where it was; returns how far it had moved. */
function restore(scroller: HTMLElement, anchor: ReadingAnchor): number {
  const row = scroller.querySelector<HTMLElement>(`[data-key="${CSS.escape(anchor.key)}"]`);
  if (!row) return 0;
  const moved = row.getBoundingClientRect().top - scroller.getBoundingClientRect().top - anchor.offset;
  if (Math.abs(moved) >= 1) scroller.scrollTop += moved;
  return moved;
}

/** What the person does to scroll: once they do, their position wins over the anchor. */
const PERSON_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Puts the anchor's row back now and over the next frames, until it has stayed put for two
 * frames or the person scrolls; then calls `settled`. Returns a function that stops early.
 */
export function holdReadingAnchor(scroller: HTMLElement, anchor: ReadingAnchor, settled: () => void): () => void {
  let frame = 0;
  let frames = 0;
  let still = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of PERSON_INPUT) scroller.removeEventListener(type, finish);
  };
  function finish() {
    stop();
    settled();
  }
  const step = () => {
    frames++;
    still = Math.abs(restore(scroller, anchor)) < 1 ? still + 1 : 0;
    if (still >= 2 || frames >= SETTLE_FRAMES) return finish();
    frame = requestAnimationFrame(step);
  };
  for (const type of PERSON_INPUT) scroller.addEventListener(type, finish, { passive: true });
  restore(scroller, anchor);
  frame = requestAnimationFrame(step);
  return stop;
}
