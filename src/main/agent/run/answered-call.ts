/**
 * The first step of a run after the person answered a tool's question (`askPerson`): run
 * that call again with the answer, before any model request; what it returns is the call's
 * result. The answer is cleared from the State and saved just before the tool runs, so
 * the store records that this run has begun: a process killed from then on leaves the call
 * open without an answer, which loading closes with the unknown result instead of running
 * the tool a third time.
 */
import { openCalls } from "./context";
import { type RunContext, throwIfAborted } from "./run-context";
import { type UseToolsOutcome, runCallWithAnswer } from "./use-tools";

/** Null when no answered question waits for its call to run again. */
export async function runAnsweredCall(run: RunContext): Promise<UseToolsOutcome | null> {
  const state = run.state;
  const answered = state.answeredAsk;
  if (!answered) return null;
  const call = openCalls(state).find((c) => c.id === answered.callId);
  if (!call) {
    state.answeredAsk = null; // the call has a result already: nothing to run
    return null;
  }
  throwIfAborted(run.signal);
  state.answeredAsk = null;
  try {
    await run.save("before_answered_call");
  } catch (error) {
    // Not run: this State (and the next run of it) still has the answer to run it with.
    state.answeredAsk = answered;
    throw error;
  }
  return runCallWithAnswer(run, { id: call.id, name: call.name, input: call.input }, answered.answer);
}
