/**
 * The steps of one run: first the call whose question the person answered, if any; then
 * compact when the context is over budget, think, use_tools, until the run stops. Each
 * step is followed by its save point. Sets `state.stoppedBy` and returns what the person
 * should see next.
 */
import { runAnsweredCall } from "./answered-call";
import { compact, needsCompaction } from "./compact";
import { assistantText, lastAssistantText } from "./context";
import { messageBuilderOf } from "./message-builder";
import { type RunContext, throwIfAborted } from "./run-context";
import type { State } from "../state/state";
import { think } from "./think";
import { FINISH_TOOL } from "../tools/tool";
import { useTools } from "./use-tools";

export interface StepLimits {
  maxSteps: number;
  contextBudget: number;
}

export async function runSteps(run: RunContext, limits: StepLimits): Promise<unknown> {
  const state = run.state;
  const answered = await runAnsweredCall(run);
  if (!answered && state.pendingAsk) {
    state.stoppedBy = "ask"; // still waiting for the person's answer
    return state.pendingAsk.question;
  }
  if (answered) {
    if (answered.asked) {
      state.pendingAsk = answered.asked; // the tool asks again
      state.stoppedBy = "ask";
    }
    await run.save("after_use_tools");
    if (answered.asked) return answered.asked.question;
  }
  const done = alreadyAnswered(state);
  if (done) {
    state.stoppedBy = done.stoppedBy;
    return done.result;
  }
  for (let step = 1; ; step++) {
    throwIfAborted(run.signal);
    if (step > limits.maxSteps) {
      state.stoppedBy = "max_steps";
      return lastAssistantText(state);
    }
    if (needsCompaction(run, limits.contextBudget)) {
      const entry = await compact(run);
      run.emit({ type: "compaction", through: entry.through });
      await run.save("after_compact");
      throwIfAborted(run.signal);
    }
    run.emit({ type: "think_start", step });
    await run.save("before_think");
    throwIfAborted(run.signal);
    let turn;
    try {
      turn = await think(run);
    } catch (error) {
      run.emit({ type: "think_end", ok: false });
      throw error;
    }
    run.emit({ type: "think_end", ok: true });
    const endsTurn = !turn.content.some((b) => b.type === "tool_use");
    if (endsTurn) state.stoppedBy = "end_turn"; // saved with the reply: the run's end then has nothing left to write
    await run.save("after_think");
    if (endsTurn) return assistantText(turn);
    throwIfAborted(run.signal);
    const outcome = await useTools(run, turn);
    if (outcome.finished) {
      state.answer = outcome.finished.answer;
      state.stoppedBy = "finish";
    } else if (outcome.asked) {
      state.pendingAsk = outcome.asked;
      state.stoppedBy = "ask";
    }
    await run.save("after_use_tools");
    if (outcome.finished) return outcome.finished.answer;
    if (outcome.asked) return outcome.asked.question;
  }
}

/** Nothing new since the model ended its turn or finished: answer again without a request. */
function alreadyAnswered(state: State): { stoppedBy: "end_turn" | "finish"; result: unknown } | null {
  const last = messageBuilderOf(state).lastMeaningful;
  if (!last) return null;
  // A reply cut off by an abort is not an answer: the next run asks again.
  if (last.kind === "assistant" && !last.partial && !last.content.some((b) => b.type === "tool_use")) return { stoppedBy: "end_turn", result: assistantText(last) };
  if (last.kind === "tool_result" && last.name === FINISH_TOOL && last.status === "done") {
    state.answer ??= last.answer ?? null; // a run killed right after finish kept the answer in the entry
    return { stoppedBy: "finish", result: state.answer };
  }
  return null;
}
