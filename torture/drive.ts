/**
 * Drives a torture conversation to its end from wherever its State stands: opens the next
 * round when the model closed the last one, runs otherwise, and goes on after a run that
 * failed for a reason the caller expects (an injected store fault). Used by the child
 * worker and by the in-process scenarios alike.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { StaleStateError, StateBusyError, type Agent, type State } from "../src/main/agent";
import type { RunOptions } from "../src/main/agent/run/agent";
import { roundMessage } from "./conversation-script";
import { conversationFinished, roundProgress } from "./conversation-progress";
import { InjectedStoreFault } from "./fault-store";

export interface DriveOptions {
  rounds: number;
  turns: number;
  /** How long the slow tool takes in the rounds opened here (default: the campaign's pace). */
  slowMs?: number;
  /** Give up after this many runs (a conversation that never finishes is a bug). */
  maxAttempts: number;
  /** Keep retrying a State held by another runner this long (a killed runner's lease). */
  busyRetryMs: number;
  /** Errors waited out like a busy State (a server coming back), retried until they have lasted `transientMs`. */
  transient?: (error: unknown) => boolean;
  transientMs?: number;
  /** Errors to go on after; anything else is thrown. Default: injected store faults. */
  expected?: (error: unknown) => boolean;
  runOptions?: RunOptions;
  /** Aborted when the process is stopping (SIGTERM): drive no further. */
  stop?: AbortSignal;
  /** After each run (and each failed save of a person's message). */
  onRunEnd?: (error: unknown | null) => void | Promise<void>;
}

/** "stale": refused because another runner went on with the State since this copy was loaded. */
export type DriveOutcome = "done" | "busy" | "stale" | "stopped";

/** An injected fault, thrown as is or kept as the note of the error a failing run threw. */
export function isInjected(error: unknown): boolean {
  if (error instanceof InjectedStoreFault) return true;
  const notes = (error as { notes?: unknown } | null)?.notes;
  return Array.isArray(notes) && notes.some((note) => String(note).includes("InjectedStoreFault"));
}

export async function driveConversation(agent: Agent, state: State, options: DriveOptions): Promise<DriveOutcome> {
  const expected = options.expected ?? isInjected;
  // Refusals in a row: retried until they have lasted busyRetryMs.
  let busySince: number | null = null;
  const waitOutBusy = async (): Promise<boolean> => {
    busySince ??= Date.now();
    if (Date.now() - busySince > options.busyRetryMs) return false;
    await sleep(25);
    return true;
  };
  let goneSince: number | null = null;
  const waitOutTransient = async (error: unknown): Promise<boolean> => {
    if (!options.transient?.(error)) return false;
    goneSince ??= Date.now();
    if (Date.now() - goneSince > (options.transientMs ?? 60_000)) return false;
    await sleep(100);
    return true;
  };
  for (let attempt = 0; !conversationFinished(state.history, state.stoppedBy, options.rounds); attempt++) {
    if (options.stop?.aborted) return "stopped";
    if (attempt >= options.maxAttempts) throw new Error(`the conversation did not finish in ${options.maxAttempts} runs`);
    const progress = roundProgress(state.history);
    try {
      if (progress.closed && state.stoppedBy === "end_turn") {
        state.addUserMessage(roundMessage(progress.round + 1, options.turns, options.slowMs));
        await agent.save(state);
      }
      await agent.run(state, options.runOptions);
      busySince = null;
      goneSince = null;
      await options.onRunEnd?.(null);
    } catch (error) {
      if (options.stop?.aborted) return "stopped";
      if (error instanceof StaleStateError) return "stale";
      if (error instanceof StateBusyError) {
        if (!(await waitOutBusy())) return "busy";
        attempt--; // a refusal is not a run
        continue;
      }
      if (await waitOutTransient(error)) {
        attempt--; // the server was away: not a run
        await options.onRunEnd?.(error);
        continue;
      }
      if (!expected(error)) throw error;
      await options.onRunEnd?.(error);
    }
  }
  // The closing save of the last run may have failed: the next save writes what is missing.
  for (let attempt = 0; ; attempt++) {
    if (options.stop?.aborted) return "stopped";
    try {
      await agent.save(state);
      return "done";
    } catch (error) {
      if (options.stop?.aborted) return "stopped";
      if (error instanceof StaleStateError) return "stale";
      if (error instanceof StateBusyError) {
        if (!(await waitOutBusy())) return "busy";
        attempt--;
        continue;
      }
      if (await waitOutTransient(error)) {
        attempt--;
        continue;
      }
      if (!expected(error) || attempt >= options.maxAttempts) throw error;
    }
  }
}
