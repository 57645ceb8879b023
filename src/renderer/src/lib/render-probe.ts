/**
 * Counts renders by name, once a test has started it (`window.__alpineRenderProbe.start()`),
 * so a test can check that a streamed word renders the reply and nothing else. Until then
 * counting is one check of a module variable (not a lookup on `window`, which is slow for
 * names it does not have).
 */

interface RenderProbe {
  /** Starts counting from zero; returns the live counts. */
  start(): Record<string, number>;
  counts: Record<string, number>;
}

declare global {
  interface Window {
    __alpineRenderProbe?: RenderProbe;
  }
}

let counting = false;
const probe: RenderProbe = {
  counts: {},
  start() {
    counting = true;
    probe.counts = {};
    return probe.counts;
  },
};
window.__alpineRenderProbe = probe;

export function countRender(name: string): void {
  if (counting) probe.counts[name] = (probe.counts[name] ?? 0) + 1;
}
