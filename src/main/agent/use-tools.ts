/**
 * use_tools: run the tool calls of the last model turn, concurrently. Each result is added
 * and saved at once, so a long tool's result is kept even if the process stops while its
 * siblings still run; a failed save of one result does not stop the others.
 * A call that asks the person (`ask`, or a tool returning `askPerson`) gets no result until
 * they answer; one question at a time, so other calls of the turn that ask are told to ask again later.
 * On abort every call still open is closed with `(aborted: <reason's name>)` at once:
 * the tools get the signal, but the run does not wait for one that ignores it.
 */
import { isPersonAsk } from "./ask-person";
import { checkAsk, checkFinish } from "./builtin-tools";
import { type AssistantEntry, type ToolCallStatus, abortedResultText } from "./history";
import type { PendingAsk } from "./snapshot";
import { toJsonAnswer } from "./json-check";
import { appendEntry } from "./state";
import { ASK_TOOL, FINISH_TOOL } from "./tool";
import { type RunContext, abortError } from "./run-context";
import { describeError } from "./saver";

export interface UseToolsOutcome {
  /** Set when `finish` was called with a valid answer. */
  finished: { answer: unknown } | null;
  /** Set when `ask` was called, or a tool asked the person (and the run did not finish). */
  asked: PendingAsk | null;
}

export type ToolCall = { id: string; name: string; input: unknown };

/** The person's answer to the question a call asked before, given to it as `context.answer`. */
type GivenAnswer = { callId: string; answer: string };

export async function useTools(run: RunContext, turn: AssistantEntry): Promise<UseToolsOutcome> {
  const calls: ToolCall[] = turn.content.flatMap((b) => (b.type === "tool_use" ? [{ id: b.id, name: b.name, input: b.input }] : []));
  return runCalls(run, calls, null);
}

/** Run a call again with the answer the person gave to its question; what it returns is its result (or a new question). */
export function runCallWithAnswer(run: RunContext, call: ToolCall, answer: string): Promise<UseToolsOutcome> {
  return runCalls(run, [call], { callId: call.id, answer });
}

async function runCalls(run: RunContext, calls: ToolCall[], given: GivenAnswer | null): Promise<UseToolsOutcome> {
  const closed = new Set<string>();
  const outcome: UseToolsOutcome = { finished: null, asked: null };
  /** Calls whose tool asked the person, with the question; one of them is asked when the turn is done. */
  const toolAsks = new Map<string, { question: string; choices?: string[] }>();

  /** Add a call's result, once; later results of a call already closed are dropped. */
  const close = (call: ToolCall, status: ToolCallStatus, text: string, error: Error | null = null, extra: { answer?: unknown } = {}): boolean => {
    if (closed.has(call.id)) return false;
    closed.add(call.id);
    appendEntry(run.state, { kind: "tool_result", callId: call.id, name: call.name, status, text, error, ...extra });
    run.emit({ type: "tool_end", callId: call.id, name: call.name, status, text });
    return true;
  };

  const closeAllAborted = () => {
    const name = abortError(run.signal).name;
    for (const call of calls) close(call, "aborted", abortedResultText(name));
  };

  const runCall = async (call: ToolCall): Promise<void> => {
    run.emit({ type: "tool_start", callId: call.id, name: call.name, input: call.input });
    if (call.name === FINISH_TOOL && run.toolSpecs.some((t) => t.name === FINISH_TOOL)) {
      const check = checkFinish(call.input, run.outputSchema);
      if (!check.ok) close(call, "error", check.problem);
      else if (outcome.finished) close(call, "error", "finish was already called in this turn; this call was ignored.");
      else {
        const saved = toJsonAnswer(check.answer, "the finish answer"); // a TypeError here fails the run
        if (close(call, "done", "Finished: the answer was accepted.", null, { answer: saved })) outcome.finished = { answer: check.answer };
      }
    } else if (call.name === ASK_TOOL && run.toolSpecs.some((t) => t.name === ASK_TOOL)) {
      const check = checkAsk(call.input);
      if (!check.ok) close(call, "error", check.problem);
      else if (outcome.asked) close(call, "error", "Only one question at a time: ask was already called in this turn.");
      else outcome.asked = { callId: call.id, question: check.question, ...(check.choices ? { choices: check.choices } : {}) };
      return; // an accepted ask has no result until the person answers
    } else {
      const tool = run.tools.get(call.name);
      if (!tool) {
        close(call, "error", `There is no tool named "${call.name}".`);
      } else {
        try {
          const answer = given?.callId === call.id ? { answer: given.answer } : {};
          const value = await tool.run(call.input, { signal: run.signal, state: run.state, callId: call.id, ...answer });
          if (isPersonAsk(value)) {
            if (!closed.has(call.id)) toolAsks.set(call.id, { question: value.question, ...(value.choices ? { choices: [...value.choices] } : {}) });
            return; // no result until the person answers
          }
          close(call, "done", resultText(value));
        } catch (error) {
          if (run.signal.aborted) closeAllAborted();
          else close(call, "error", describeError(error), error instanceof Error ? error : new Error(String(error)));
        }
      }
    }
    if (closed.has(call.id) && !run.signal.aborted) await run.saveQuietly("tool_result");
  };

  if (run.signal.aborted) {
    closeAllAborted();
    throw abortError(run.signal);
  }
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      closeAllAborted();
      reject(abortError(run.signal));
    };
    run.signal.addEventListener("abort", onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  try {
    await Promise.race([Promise.all(calls.map(runCall)), aborted]);
  } finally {
    run.signal.removeEventListener("abort", onAbort);
  }
  for (const call of calls) {
    // In the turn's order, so which question comes first does not depend on which tool was quicker.
    const asked = toolAsks.get(call.id);
    if (!asked) continue;
    if (!outcome.asked) outcome.asked = { callId: call.id, ...asked, tool: call.name };
    else {
      close(call, "error", `Not asked: the person answers one question at a time, and another call asked first. Call ${call.name} again once that question is answered.`);
    }
  }
  if (outcome.finished && outcome.asked) {
    // The run ends with the answer; the question is closed rather than left open.
    close({ id: outcome.asked.callId, name: outcome.asked.tool ?? ASK_TOOL, input: null }, "error", "Not asked: the run finished in the same turn.");
    outcome.asked = null;
  }
  return outcome;
}

/** A tool's return value as the result text the model reads. */
function resultText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "(done, no output)";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
