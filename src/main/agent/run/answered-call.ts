/**
 * The first step of a run: the call a question is about. A question asked here about
 * exactly the call's input keeps waiting for its answer. An answer the person gave here to
 * exactly the call's input runs that call again with it, before any model request; what it
 * returns is the call's result. Anything else (a question or an answer that does not hold:
 * imported, from another machine, from an older version, edited) runs the call's asking part
 * again, so the person is asked from what the call would really do (see approval-seal.ts).
 *
 * The answer is cleared from the State and saved just before the tool runs, so the store
 * records that this run has begun: a process killed from then on leaves the call open
 * without an answer, which loading closes with the unknown result instead of running the
 * tool a third time.
 */
import type { AnsweredAsk } from "../state/snapshot";
import { type OpenCall, openCalls } from "./context";
import { type RunContext, throwIfAborted } from "./run-context";
import { type UseToolsOutcome, askCallAgain, runCallWithAnswer } from "./use-tools";

/** Null when no call waits to be run again (an open question that holds still waits). */
export async function runAnsweredCall(run: RunContext): Promise<UseToolsOutcome | null> {
  const state = run.state;
  const pending = state.pendingAsk;
  if (pending) {
    const call = openCalls(state).find((c) => c.id === pending.callId);
    if (!call || run.sealer.askHoldsFor(pending, asSealed(call))) return null;
    throwIfAborted(run.signal);
    state.pendingAsk = null;
    return runBeforeSaved(run, () => askCallAgain(run, asSealed(call)), () => (state.pendingAsk = pending));
  }
  const answered = state.answeredAsk;
  if (!answered) return null;
  const call = openCalls(state).find((c) => c.id === answered.callId);
  if (!call) {
    state.answeredAsk = null; // the call has a result already: nothing to run
    return null;
  }
  throwIfAborted(run.signal);
  state.answeredAsk = null;
  const holds = run.sealer.answerHoldsFor(answered, asSealed(call));
  return runBeforeSaved(
    run,
    () => (holds ? runCallWithAnswer(run, asSealed(call), answered.answer) : askCallAgain(run, asSealed(call))),
    () => restoreAnswer(run, answered),
  );
}

/** Save first (the run has begun), then run; a failed save leaves the State as it was, unrun. */
async function runBeforeSaved(run: RunContext, go: () => Promise<UseToolsOutcome>, undo: () => void): Promise<UseToolsOutcome> {
  try {
    await run.save("before_answered_call");
  } catch (error) {
    undo();
    throw error;
  }
  return go();
}

function restoreAnswer(run: RunContext, answered: AnsweredAsk): void {
  // Not run: this State (and the next run of it) still has the answer to run it with.
  run.state.answeredAsk = answered;
}

function asSealed(call: OpenCall): { id: string; name: string; input: unknown } {
  return { id: call.id, name: call.name, input: call.input };
}
