/**
 * One clock for every relative time on screen: it ticks every 30 seconds while the window is
 * open, so "now" becomes "1 min. ago" without a reload, and all rows share one timer.
 */
import { useSyncExternalStore } from "react";

const TICK_MS = 30_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The time of the last tick, in milliseconds. */
export function useClock(): number {
  return useSyncExternalStore(subscribe, () => now);
}
