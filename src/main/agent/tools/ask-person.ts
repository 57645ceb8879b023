/**
 * A tool that needs the person's say before it acts (e.g. before writing a file) returns
 * `askPerson({ question, choices })` instead of a result. The call then gets no result yet:
 * the run stops with `stoppedBy: "ask"` and resolves to the question, exactly like the
 * built-in `ask`. `state.addUserMessage(answer)` answers it, and the next run first runs the
 * same call again, with `context.answer` set, before any model request; what it returns
 * then is the call's result.
 *
 *   run(input, { answer }) {
 *     if (answer === undefined) return askPerson({ question: `Delete ${input.path}?`, choices: ["Delete", "Keep"] });
 *     return answer === "Delete" ? remove(input.path) : "The person kept the file.";
 *   }
 *
 * The first run should only check and ask: whatever it does may be done again if the
 * process stops before the question is saved (the call is then closed as unknown).
 */

/** Shared by every copy of this module, so a marker made by one copy is recognised by another. */
const MARK = Symbol.for("alpine.agent.askPerson");

export interface PersonAsk {
  readonly [MARK]: true;
  readonly question: string;
  readonly choices?: readonly string[];
}

export interface AskPersonOptions {
  /** The question, complete and clear on its own (the person sees it without the tool's input). */
  question: string;
  /** Suggested answers, shown as buttons; any other answer is passed to the tool as well. */
  choices?: readonly string[];
}

/** The value a tool returns to ask the person and be run again with their answer. */
export function askPerson({ question, choices }: AskPersonOptions): PersonAsk {
  if (typeof question !== "string" || question.trim() === "") throw new TypeError("askPerson needs a question: a non-empty string.");
  if (choices !== undefined && !(Array.isArray(choices) && choices.every((c) => typeof c === "string" && c !== ""))) {
    throw new TypeError("askPerson choices must be a list of non-empty strings.");
  }
  return Object.freeze({ [MARK]: true as const, question, ...(choices ? { choices: [...choices] } : {}) });
}

export function isPersonAsk(value: unknown): value is PersonAsk {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARK] === true;
}
