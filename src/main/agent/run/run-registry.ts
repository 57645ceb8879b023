/**
 * The runs and saves in progress in this process, so that one call (`abortOnSignals`) can
 * abort the runs and wait until each has closed its calls and saved its State, and until
 * every save, in a run or not (`agent.save` between runs), has finished writing.
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

/** Saves being written now: the State's saver keeps them, below the run. */
export { pendingSaves, savesSettled } from "../state/pending-saves";
