/**
 * use_tools: run the tool calls of the last model turn, concurrently. Each result is added
 * and saved at once, so a long tool's result is kept even if the process stops while its
 * siblings still run; a failed save of one result does not stop the others.
 * On abort every call still open is closed with `(aborted: <reason's name>)` at once:
 * the tools get the signal, but the run does not wait for one that ignores it.
 */
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
  /** Set when `ask` was called (and the run did not finish). */
  asked: PendingAsk | null;
}

type Call = { id: string; name: string; input: unknown };

export async function useTools(run: RunContext, turn: AssistantEntry): Promise<UseToolsOutcome> {
  const calls: Call[] = turn.content.flatMap((b) => (b.type === "tool_use" ? [{ id: b.id, name: b.name, input: b.input }] : []));
  const closed = new Set<string>();
  const outcome: UseToolsOutcome = { finished: null, asked: null };

  /** Add a call's result, once; later results of a call already closed are dropped. */
  const close = (call: Call, status: ToolCallStatus, text: string, error: Error | null = null, extra: { answer?: unknown } = {}): boolean => {
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

  const runCall = async (call: Call): Promise<void> => {
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
          const value = await tool.run(call.input, { signal: run.signal, state: run.state, callId: call.id });
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
  if (outcome.finished && outcome.asked) {
    // The run ends with the answer; the question is closed rather than left open.
    close({ id: outcome.asked.callId, name: ASK_TOOL, input: null }, "error", "Not asked: the run finished in the same turn.");
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
