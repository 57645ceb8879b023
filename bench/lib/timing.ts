/**
 * Timing: monotonic nanosecond clock, a warm-up before every measured series, and the
 * samples kept so medians and tails come from the same run.
 */

/** Milliseconds since an arbitrary point, from the monotonic nanosecond clock. */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Runs `fn` once and returns how long it took, in milliseconds. */
export async function timeOnce(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export interface SeriesOptions {
  /** Untimed runs first, so caches, JIT and the file system settle. */
  warmup: number;
  /** Timed runs. */
  reps: number;
}

/** Runs `fn(i)` `warmup` times untimed, then `reps` times timed; returns the timed samples in ms. */
export async function timeSeries(fn: (i: number) => unknown, { warmup, reps }: SeriesOptions): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < reps; i++) samples.push(await timeOnce(() => fn(warmup + i)));
  return samples;
}
