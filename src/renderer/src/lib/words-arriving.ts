/**
 * While a reply's words arrive, they are the page's motion: the looping animations that say a
 * run is live (the caret's blink, the live dot's pulse) hold still, and start again once no words
 * have been shown for WORDS_QUIET_MS (a model thinking, a tool running). A text editor's caret
 * does the same while someone types.
 *
 * Why: a looping CSS animation restyles its element at every frame, and keeps the page making a
 * frame at every vsync between two renders of the words, each frame's style worked out again. In
 * a long streamed reply that was about 0.6 s of the window's 4.7 s of main-thread CPU
 * (docs/performance.md, "Streaming: where the main thread's time goes"). Marked by an attribute
 * on the page's root element (the style sheets hold the animations still under it), set when
 * words start and removed when they stop: never touched for each render in between.
 */
import { afterQuiet } from "./after-quiet";

export const WORDS_ARRIVING_ATTRIBUTE = "data-words-arriving";

/** How long without new words before the animations start again: about one blink of the caret. */
export const WORDS_QUIET_MS = 1_000;

/**
 * Returns the function to call at each render of new words. `announce` hears each change: true when
 * words start arriving, false when they have paused.
 */
export function wordsArriving(root: HTMLElement, announce: (arriving: boolean) => void = () => {}): () => void {
  const watch = afterQuiet(WORDS_QUIET_MS, () => {
    root.removeAttribute(WORDS_ARRIVING_ATTRIBUTE);
    announce(false);
  });
  return () => {
    if (!watch.note()) return;
    root.setAttribute(WORDS_ARRIVING_ATTRIBUTE, "");
    announce(true);
  };
}
