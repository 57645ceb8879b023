/**
 * The campaign's counters, one set per store. A failure is any broken invariant, kept with
 * enough detail (seed, run, what) to replay it.
 */
export type StoreKind = "sqlite" | "file" | "postgres";

export interface Tally {
  runs: number;
  /** SIGKILL and SIGTERM delivered to a child that was still running. */
  kills: number;
  /** Loads after a kill (or a failed save) that passed every check and went on to resume. */
  recoveries: number;
  /** Acknowledged entries missing or changed after a kill or a fault. */
  lost: number;
  /** Tool calls that started more than once. */
  twice: number;
  faults: number;
  badInputs: number;
  /** A child or a call that died instead of failing with a clear error. */
  crashes: number;
  failures: string[];
  /** Evidence that the interesting paths were taken (e.g. "running calls given the unknown result"). */
  seen: Record<string, number>;
}

export const emptyTally = (): Tally => ({
  runs: 0,
  kills: 0,
  recoveries: 0,
  lost: 0,
  twice: 0,
  faults: 0,
  badInputs: 0,
  crashes: 0,
  failures: [],
  seen: {},
});

export function see(tally: Partial<Tally>, what: string, count = 1): void {
  if (count === 0) return;
  tally.seen ??= {};
  tally.seen[what] = (tally.seen[what] ?? 0) + count;
}

export function addTally(into: Tally, from: Partial<Tally>): Tally {
  for (const key of ["runs", "kills", "recoveries", "lost", "twice", "faults", "badInputs", "crashes"] as const) {
    into[key] += from[key] ?? 0;
  }
  into.failures.push(...(from.failures ?? []));
  for (const [what, count] of Object.entries(from.seen ?? {})) into.seen[what] = (into.seen[what] ?? 0) + count;
  return into;
}
