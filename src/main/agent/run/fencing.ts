/**
 * Fencing of a run by its lease: once the store says another runner took the lease over
 * (LeaseLostError from a save), the run stops at once, so it writes nothing more; and before
 * each tool call the lease is confirmed, so a runner that was taken over does not run a tool
 * the new runner runs too. A lease that cannot be confirmed (the store unreachable) also stops
 * the run before the tool runs.
 */
import { LeaseLostError } from "../errors";
import type { SavePoint } from "../state/saver";
import type { Lease } from "../stores/store";

export interface FencedRun {
  save(point: SavePoint): Promise<void>;
  confirmLease(): Promise<void>;
}

export function fenceRun(controller: AbortController, lease: Lease | null, save: (point: SavePoint) => Promise<void>): FencedRun {
  const stop = (error: unknown) => {
    if (!controller.signal.aborted) controller.abort(error);
  };
  return {
    async save(point) {
      try {
        await save(point);
      } catch (error) {
        if (error instanceof LeaseLostError) stop(error);
        throw error;
      }
    },
    async confirmLease() {
      try {
        await lease?.confirm?.();
      } catch (error) {
        stop(error);
        throw error;
      }
    },
  };
}
