/**
 * Whether the person has just been scrolling the list themselves (wheel, touch, keys, the
 * scrollbar). A position that moved up by a few pixels with none of that is the browser's
 * doing: it lowered the view to fit content that shrank for a moment (the streamed reply
 * swapped for its saved row), which is no reason to stop following the end.
 */

/** Input this recent counts as the person scrolling (a slow frame may come between the two). */
const RECENT_MS = 1_000;

export class PersonScrolling {
  private lastInput = -Infinity;

  /** Listens on the scroller; returns the cleanup. */
  attach(scroller: HTMLElement): () => void {
    const seen = () => (this.lastInput = performance.now());
    // The scrollbar: a press on the scroller itself, not on a row inside it.
    const pressed = (event: Event) => {
      if (event.target === scroller) seen();
    };
    const passive = { passive: true } as const;
    for (const type of ["wheel", "touchstart", "touchmove", "keydown"]) scroller.addEventListener(type, seen, passive);
    scroller.addEventListener("pointerdown", pressed, passive);
    return () => {
      for (const type of ["wheel", "touchstart", "touchmove", "keydown"]) scroller.removeEventListener(type, seen);
      scroller.removeEventListener("pointerdown", pressed);
    };
  }

  get recently(): boolean {
    return performance.now() - this.lastInput < RECENT_MS;
  }
}
