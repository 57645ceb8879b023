/**
 * Whether the person has just been moving the list themselves: the wheel, touch, the scrollbar,
 * a key that scrolls, or focus moved into the list (the browser scrolls it into view). The list
 * leaves the end only then. A position that rose with none of that, however far, is the
 * browser's doing: it lowered the view to fit content that was shorter for a moment (the
 * streamed reply swapped for its saved row, a block just put in the page laid out at its
 * guessed height before it was measured), which is no reason to stop following the end.
 */

/** Input this recent counts as the person scrolling (a slow frame may come between the two). */
const RECENT_MS = 1_000;
/** Events on the list (or inside it: they bubble) that come with the person moving it. */
const INPUTS = ["wheel", "touchstart", "touchmove", "focusin"];
/** Keys that scroll the list, wherever the focus is but in a field being typed in. */
const SCROLLING_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

export class PersonScrolling {
  private lastInput = -Infinity;

  /** Listens on the scroller (and its document, for keys); returns the cleanup. */
  attach(scroller: HTMLElement): () => void {
    const seen = () => (this.lastInput = performance.now());
    // The scrollbar: a press on the scroller itself, not on a row inside it.
    const pressed = (event: Event) => {
      if (event.target === scroller) seen();
    };
    const key = (event: KeyboardEvent) => {
      if (scroller.contains(event.target as Node) || (SCROLLING_KEYS.has(event.key) && !isTypedIn(event.target))) seen();
    };
    const passive = { passive: true } as const;
    const document = scroller.ownerDocument;
    for (const type of INPUTS) scroller.addEventListener(type, seen, passive);
    scroller.addEventListener("pointerdown", pressed, passive);
    document.addEventListener("keydown", key, passive);
    return () => {
      for (const type of INPUTS) scroller.removeEventListener(type, seen);
      scroller.removeEventListener("pointerdown", pressed);
      document.removeEventListener("keydown", key);
    };
  }

  get recently(): boolean {
    return performance.now() - this.lastInput < RECENT_MS;
  }
}

/** A field the person types in, where those keys move the caret, not the list. */
function isTypedIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || typeof element.closest !== "function") return false;
  return element.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])") !== null;
}
