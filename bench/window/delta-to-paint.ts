/**
 * Each streamed delta timed to the first render in the window that shows its words: from the
 * model server's write (the whole way a person waits for them: the main process, the socket,
 * the window's own batching), or from its arrival in the window. Both clocks are the machine's
 * wall clock in milliseconds (Node's and the page's performance.timeOrigin + now()).
 */
import type { RendersByClock, StreamedDelta } from "./page-probes";
import { percentile } from "../lib/stats";

/** Collects a reply's deltas as the model server writes them (a TextReply's onTextWritten). */
export function deltaRecorder(): { written: StreamedDelta[]; onTextWritten(text: string): void } {
  const written: StreamedDelta[] = [];
  let chars = 0;
  return {
    written,
    onTextWritten(text) {
      chars += text.length;
      written.push({ at: performance.timeOrigin + performance.now(), chars });
    },
  };
}

export interface DeltaLatency {
  measured: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

/** A delta no streamed render showed (the reply ended first) counts until the finished reply was shown. */
export function deltaToPaint(deltas: readonly StreamedDelta[], renders: RendersByClock): DeltaLatency {
  const out: number[] = [];
  let r = 0;
  for (const delta of deltas) {
    while (r < renders.renderTimes.length && (renders.renderLengths[r] < delta.chars || renders.renderTimes[r] < delta.at)) r++;
    out.push((r < renders.renderTimes.length ? renders.renderTimes[r] : renders.shownAt) - delta.at);
  }
  out.sort((a, b) => a - b);
  return { measured: out.length, medianMs: percentile(out, 0.5), p95Ms: percentile(out, 0.95), maxMs: out.length ? out[out.length - 1] : Number.NaN };
}
