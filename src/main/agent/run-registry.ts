/**
 * The runs in progress in this process, so that one call (`abortOnSignals`) can abort
 * them all and wait until each has closed its calls and saved its State.
 */
export interface ActiveRun {
  stateId: string;
  abort(reason: Error): void;
  /** Settles when the run has ended (saved, lease released). */
  settled: Promise<void>;
}

export const activeRuns = new Set<ActiveRun>();

/** Set once the process is stopping (a signal arrived): runs started after it are aborted at once. */
export const processStop: { reason: Error | null } = { reason: null };
