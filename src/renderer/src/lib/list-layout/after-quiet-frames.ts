/**
 * Waiting for a list to settle: its rows' places stop changing once their sizes are measured and
 * the rows they call for are in the page, which takes a few animation frames, not a fixed time.
 */
import { MAX_SETTLE_FRAMES, QUIET_FRAMES } from "./bottom-anchored-window-tuning";

export interface Movement {
  /** A count of every change of the rows' places. */
  changes: number;
  /** A change asked for and not yet in the page. */
  pending: boolean;
}

/** Calls `settled` once `movement` has shown no change and nothing pending for QUIET_FRAMES frames in a row (or after MAX_SETTLE_FRAMES frames); returns a cancel. */
export function afterQuietFrames(movement: () => Movement, settled: () => void): () => void {
  let seen = -1;
  let quiet = 0;
  let frames = 0;
  let frame = 0;
  const step = () => {
    frames++;
    const now = movement();
    quiet = now.changes === seen && !now.pending ? quiet + 1 : 0;
    seen = now.changes;
    if (quiet >= QUIET_FRAMES || frames >= MAX_SETTLE_FRAMES) settled();
    else frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
