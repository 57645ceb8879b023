/**
 * The built-in tools every run offers (unless turned off): `finish` ends the run with an
 * answer (checked against an optional output schema), `ask` stops the run with a question
 * for the person, whose next message answers it.
 */
import { z } from "zod";
import { ASK_TOOL, FINISH_TOOL, type JsonSchema } from "./tool";

/** A tool as the Messages API takes it. */
export interface ToolSpec {
  name: string;
  description: string;
  input_schema: JsonSchema;
}

export function finishSpec(outputSchema: z.ZodType | undefined): ToolSpec {
  const answer: Record<string, unknown> = outputSchema
    ? { ...(z.toJSONSchema(outputSchema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>) }
    : { description: "The final answer for the person." };
  delete answer.$schema;
  return {
    name: FINISH_TOOL,
    description:
      "Finish the task and give the final answer. Call it once, when the task is done; the run ends with this answer." +
      (outputSchema ? " The answer must match the given schema." : ""),
    input_schema: { type: "object", properties: { answer }, required: ["answer"] },
  };
}

export const askSpec: ToolSpec = {
  name: ASK_TOOL,
  description:
    "Ask the person a question and wait for the answer, when you cannot go on without it. " +
    "The run stops until the person answers; their answer comes back as this call's result.",
  input_schema: {
    type: "object",
    properties: {
      question: { type: "string", description: "The question, complete and clear on its own." },
      choices: { type: "array", items: { type: "string" }, description: "Suggested answers, if there are a few obvious ones." },
    },
    required: ["question"],
  },
};

export type FinishCheck = { ok: true; answer: unknown } | { ok: false; problem: string };

/** Check a `finish` call's input: the answer, parsed by the output schema when there is one. */
export function checkFinish(input: unknown, outputSchema: z.ZodType | undefined): FinishCheck {
  if (typeof input !== "object" || input === null || !("answer" in input)) {
    return { ok: false, problem: 'finish needs an "answer".' };
  }
  const answer = (input as { answer: unknown }).answer;
  if (!outputSchema) return { ok: true, answer };
  const parsed = outputSchema.safeParse(answer);
  if (parsed.success) return { ok: true, answer: parsed.data };
  return { ok: false, problem: `The answer does not match the required schema:\n${z.prettifyError(parsed.error)}\nCall finish again with a corrected answer.` };
}

export type AskCheck = { ok: true; question: string; choices?: string[] } | { ok: false; problem: string };

export function checkAsk(input: unknown): AskCheck {
  const { question, choices } = (input ?? {}) as { question?: unknown; choices?: unknown };
  if (typeof question !== "string" || question.trim() === "") return { ok: false, problem: 'ask needs a "question" (a non-empty string).' };
  if (choices !== undefined && !(Array.isArray(choices) && choices.every((c) => typeof c === "string"))) {
    return { ok: false, problem: '"choices" must be a list of strings.' };
  }
  return choices === undefined ? { ok: true, question } : { ok: true, question, choices: choices as string[] };
}
