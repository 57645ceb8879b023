/** Summary statistics of timing samples (milliseconds). */

function sorted(samples: readonly number[]): number[] {
  if (samples.length === 0) throw new RangeError("no samples to summarise");
  return [...samples].sort((a, b) => a - b);
}

/** The value below which `p` (0..1) of the samples fall, by linear interpolation between ranks. */
export function percentile(samples: readonly number[], p: number): number {
  const values = sorted(samples);
  const rank = (values.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return values[low] + (values[high] - values[low]) * (rank - low);
}

export const median = (samples: readonly number[]): number => percentile(samples, 0.5);
export const p99 = (samples: readonly number[]): number => percentile(samples, 0.99);

export function mean(samples: readonly number[]): number {
  if (samples.length === 0) throw new RangeError("no samples to summarise");
  return samples.reduce((sum, value) => sum + value, 0) / samples.length;
}

export interface Summary {
  medianMs: number;
  p99Ms: number;
  samples: number;
}

export function summarise(samples: readonly number[]): Summary {
  return { medianMs: median(samples), p99Ms: p99(samples), samples: samples.length };
}
