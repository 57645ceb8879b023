/**
 * use_tools: run the tool calls of the last model turn, concurrently. Each result is added
 * and saved at once, so a long tool's result is kept even if the process stops while its
 * siblings still run; a failed save of one result does not stop the others.
 * A call that asks the person (`ask`, or a tool returning `askPerson`) gets no result until
 * they answer; one question at a time, so other calls of the turn that ask are told to ask again later.
 * On abort every call still open is closed with `(aborted: <reason's name>)` at once:
 * the tools get the signal, but the run does not wait for one that ignores it.
 */
import { isPersonAsk } from "../tools/ask-person";
import { isToolResult } from "../tools/tool-result";
import { checkAsk, checkFinish } from "../tools/builtin-tools";
import { type AssistantEntry, type ToolCallStatus, type ToolResultEntry, abortedResultText } from "../state/history";
import type { PendingAsk } from "../state/snapshot";
import { toJsonAnswer } from "../state/json-check";
import { appendEntry } from "../state/state";
import { ASK_TOOL, FINISH_TOOL } from "../tools/tool";
import { type RunContext, abortError } from "./run-context";
import { describeError } from "../state/saver";

export interface UseToolsOutcome {
  /** Set when `finish` was called with a valid answer. */
  finished: { answer: unknown } | null;
  /** Set when `ask` was called, or a tool asked the person (and the run did not finish). */
  asked: PendingAsk | null;
}

export type ToolCall = { id: string; name: string; input: unknown };

/**
 * The person's answer to the question a call asked before, given to it as `context.answer`;
 * or, with `reask`, no answer: the call's question could not be shown as asked here, so it asks again.
 */
type GivenAnswer = { callId: string; answer: string } | { callId: string; reask: true };

export async function useTools(run: RunContext, turn: AssistantEntry): Promise<UseToolsOutcome> {
  const calls: ToolCall[] = turn.content.flatMap((b) => (b.type === "tool_use" ? [{ id: b.id, name: b.name, input: b.input }] : []));
  return runCalls(run, calls, null);
}

/** Run a call again with the answer the person gave to its question; what it returns is its result (or a new question). */
export function runCallWithAnswer(run: RunContext, call: ToolCall, answer: string): Promise<UseToolsOutcome> {
  return runCalls(run, [call], { callId: call.id, answer });
}

/** Run a call's asking part again: its question or answer did not hold here (see approval-seal.ts). */
export function askCallAgain(run: RunContext, call: ToolCall): Promise<UseToolsOutcome> {
  return runCalls(run, [call], { callId: call.id, reask: true });
}

async function runCalls(run: RunContext, calls: ToolCall[], given: GivenAnswer | null): Promise<UseToolsOutcome> {
  const turn = new CallsOfTurn(run, calls, given);
  await raceAbort(
    run.signal,
    () => Promise.all(calls.map((call) => turn.runCall(call))),
    () => turn.closeAllAborted(),
  );
  turn.settleAsks();
  return turn.outcome;
}

/**
 * Wait for `work`, unless the signal aborts first: then `onAbort` closes what is open at once
 * and the abort is thrown, without waiting for a tool that ignores the signal.
 */
async function raceAbort(signal: AbortSignal, work: () => Promise<unknown>, onAbort: () => void): Promise<void> {
  if (signal.aborted) {
    onAbort();
    throw abortError(signal);
  }
  let listener: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    listener = () => {
      onAbort();
      reject(abortError(signal));
    };
    signal.addEventListener("abort", listener, { once: true });
  });
  aborted.catch(() => undefined);
  try {
    await Promise.race([work(), aborted]);
  } finally {
    signal.removeEventListener("abort", listener);
  }
}

/** The calls of one turn while they run: which are closed, what finished or asked. */
class CallsOfTurn {
  readonly outcome: UseToolsOutcome = { finished: null, asked: null };
  private readonly closed = new Set<string>();
  private readonly started = new Set<string>();
  /** Calls whose tool asked the person, with the question; one of them is asked when the turn is done. */
  private readonly toolAsks = new Map<string, { question: string; choices?: string[] }>();

  constructor(
    private readonly run: RunContext,
    private readonly calls: ToolCall[],
    private readonly given: GivenAnswer | null,
  ) {}

  /** Add a call's result, once; later results of a call already closed are dropped. */
  close(call: ToolCall, status: ToolCallStatus, text: string, error: Error | null = null, extra: Pick<ToolResultEntry, "answer" | "content"> = {}): boolean {
    if (this.closed.has(call.id)) return false;
    this.closed.add(call.id);
    this.start(call); // a call closed before it ran (an abort during the lease check) is still told as started
    appendEntry(this.run.state, { kind: "tool_result", callId: call.id, name: call.name, status, text, error, ...extra });
    this.run.emit({ type: "tool_end", callId: call.id, name: call.name, status, text });
    return true;
  }

  closeAllAborted(): void {
    const name = abortError(this.run.signal).name;
    for (const call of this.calls) this.close(call, "aborted", abortedResultText(name));
  }

  /** Tell that a call starts, once: a tool's start is told only when it is about to run. */
  private start(call: ToolCall): void {
    if (this.started.has(call.id)) return;
    this.started.add(call.id);
    this.run.emit({ type: "tool_start", callId: call.id, name: call.name, input: call.input });
  }

  async runCall(call: ToolCall): Promise<void> {
    const run = this.run;
    if (typeof call.input === "string") {
      // Arguments that were not a JSON object (kept as written): the model is told, and can call again.
      this.start(call);
      this.close(call, "error", invalidArgumentsText(call.input));
    } else if (call.name === FINISH_TOOL && run.toolSpecs.some((t) => t.name === FINISH_TOOL)) {
      this.start(call);
      this.runFinish(call);
    } else if (call.name === ASK_TOOL && run.toolSpecs.some((t) => t.name === ASK_TOOL)) {
      this.start(call);
      return this.runAsk(call); // no result until answered
    } else await this.runTool(call);
    if (this.closed.has(call.id) && !run.signal.aborted) await run.saveQuietly("tool_result");
  }

  /** Of the calls whose tool asked the person, the first in the turn's order is asked; the others are told to ask later. */
  settleAsks(): void {
    const outcome = this.outcome;
    for (const call of this.calls) {
      // In the turn's order, so which question comes first does not depend on which tool was quicker.
      const asked = this.toolAsks.get(call.id);
      if (!asked) continue;
      if (!outcome.asked) outcome.asked = this.run.sealer.sealAsk({ callId: call.id, ...asked, tool: call.name }, call);
      else {
        this.close(call, "error", `Not asked: the person answers one question at a time, and another call asked first. Call ${call.name} again once that question is answered.`);
      }
    }
    if (outcome.finished && outcome.asked) {
      // The run ends with the answer; the question is closed rather than left open.
      this.close({ id: outcome.asked.callId, name: outcome.asked.tool ?? ASK_TOOL, input: null }, "error", "Not asked: the run finished in the same turn.");
      outcome.asked = null;
    }
  }

  private runFinish(call: ToolCall): void {
    const check = checkFinish(call.input, this.run.outputSchema);
    if (!check.ok) this.close(call, "error", check.problem);
    else if (this.outcome.finished) this.close(call, "error", "finish was already called in this turn; this call was ignored.");
    else {
      const saved = toJsonAnswer(check.answer, "the finish answer"); // a TypeError here fails the run
      if (this.close(call, "done", "Finished: the answer was accepted.", null, { answer: saved })) this.outcome.finished = { answer: check.answer };
    }
  }

  private runAsk(call: ToolCall): void {
    const check = checkAsk(call.input);
    if (!check.ok) this.close(call, "error", check.problem);
    else if (this.outcome.asked) this.close(call, "error", "Only one question at a time: ask was already called in this turn.");
    else this.outcome.asked = this.run.sealer.sealAsk({ callId: call.id, question: check.question, ...(check.choices ? { choices: check.choices } : {}) }, call);
  }

  private async runTool(call: ToolCall): Promise<void> {
    const run = this.run;
    const tool = run.tools.get(call.name);
    if (!tool) {
      this.start(call);
      this.close(call, "error", `There is no tool named "${call.name}".`);
      return;
    }
    try {
      await run.confirmLease(); // a runner taken over must not run a tool the new runner runs too
      this.start(call);
      const given = this.given?.callId === call.id ? this.given : null;
      const answer = given ? ("answer" in given ? { answer: given.answer } : { reask: true }) : {};
      const value = await tool.run(call.input, { signal: run.signal, state: run.state, callId: call.id, ...answer });
      if (isPersonAsk(value)) {
        if (!this.closed.has(call.id)) this.toolAsks.set(call.id, { question: value.question, ...(value.choices ? { choices: [...value.choices] } : {}) });
        return; // no result until the person answers
      }
      if (isToolResult(value)) {
        this.close(call, value.isError ? "error" : "done", value.text, null, value.content ? { content: value.content.map((b) => ({ ...b })) } : {});
      } else this.close(call, "done", resultText(value));
    } catch (error) {
      this.start(call);
      if (run.signal.aborted) this.closeAllAborted();
      else this.close(call, "error", describeError(error), error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** The result of a call whose arguments were not a JSON object. */
export function invalidArgumentsText(args: string): string {
  const shown = args.length > 500 ? `${args.slice(0, 500)}…` : args;
  return `The arguments of this call are not a valid JSON object, so the tool did not run: ${JSON.stringify(shown)}. Call it again with valid JSON arguments.`;
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
