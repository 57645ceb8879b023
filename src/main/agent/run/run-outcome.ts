/**
 * How a run ends when something went wrong: open calls are closed, the error is recorded,
 * and the save-failure rules pick what the run throws.
 */
import { openCalls } from "./context";
import { abortedResultText } from "../state/history";
import { type RunContext, abortError } from "./run-context";
import { describeError, isSaveError, noteSaveFailure } from "../state/saver";
import { appendEntry } from "../state/state";

/** A failing run: close every call without a result as aborted, record the error, say how it stopped. */
export function recordFailure(run: RunContext, error: unknown): void {
  const state = run.state;
  const aborted = run.signal.aborted;
  const cause = aborted ? abortError(run.signal) : error instanceof Error ? error : new Error(String(error));
  const text = abortedResultText(cause.name);
  for (const call of openCalls(state)) {
    // Still waiting for the person, or answered but not run again yet: the next run goes on from there.
    if (state.pendingAsk?.callId === call.id || state.answeredAsk?.callId === call.id) continue;
    appendEntry(state, { kind: "tool_result", callId: call.id, name: call.name, status: "aborted", text });
    run.emit({ type: "tool_end", callId: call.id, name: call.name, status: "aborted", text });
  }
  appendEntry(state, { kind: "error", name: cause.name, text: describeError(cause), error: cause });
  state.stoppedBy = aborted ? "aborted" : "error";
}

export type Outcome = { error: unknown } | null;

/**
 * What the run throws (undefined: nothing).
 * - A good run whose save failed: the store's error.
 * - A failing run: the original error; a save that failed too is attached as a note.
 * - An abort (also one arriving while saving) is thrown instead of the original error.
 */
export function errorToThrow(signal: AbortSignal, failure: Outcome, saveFailure: Outcome): unknown {
  const thrown = signal.aborted ? abortError(signal) : failure ? failure.error : saveFailure?.error;
  if (thrown === undefined) return undefined;
  const saveWasTheFailure = failure !== null && isSaveError(failure.error) && thrown === failure.error;
  if (saveFailure && saveFailure.error !== thrown && !saveWasTheFailure) noteSaveFailure(thrown, saveFailure.error);
  return thrown;
}
