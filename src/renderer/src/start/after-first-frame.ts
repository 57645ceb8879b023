/**
 * The page's first frame first: with a kept first screen, the app's start waits until that frame
 * has been made (the next frame has begun), or a moment at most (a window not shown yet makes no
 * frames). The page held its preload of the app's code meanwhile (shared/kept-first-screen.ts).
 */
import { HELD_PRELOAD_REL } from "../../../shared/kept-first-screen";

/** The longest the start waits for frames that may not come. */
const AT_MOST_MS = 250;

export function afterFirstFrame(then: () => void): void {
  let done = false;
  const once = (by: "frame" | "timeout") => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    // Which came first, for the benchmark's traces: the frames, or the wait's end.
    performance.mark("alpine-start-after-first-frame", { detail: { by } });
    then();
  };
  const timer = setTimeout(() => once("timeout"), AT_MOST_MS);
  requestAnimationFrame(() => requestAnimationFrame(() => once("frame")));
}

/** The page's held preloads made module preloads again: the app's code is fetched and compiled from now. */
export function releaseHeldPreloads(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[rel="${HELD_PRELOAD_REL}"]`)) link.rel = "modulepreload";
}
