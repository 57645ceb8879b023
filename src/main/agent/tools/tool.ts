/**
 * Tools: plain objects the model may call. Tools of one model turn run concurrently.
 */
import { z } from "zod";
import { ToolInputError } from "../errors";
import type { State } from "../state/state";

/** JSON Schema of a tool's input, as the Messages API takes it. */
export type JsonSchema = { type: "object"; properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

export interface ToolContext {
  /** Aborted when the run is aborted; a well-behaved tool stops. */
  signal: AbortSignal;
  state: State;
  /** The id of this call. */
  callId: string;
  /**
   * The person's answer, when this call returned `askPerson(...)` before and is now run
   * again because the person answered; undefined on the call's first run.
   */
  answer?: string;
  /**
   * True when this call is run again only to ask: its earlier question or answer was not
   * given in this installation to exactly this input (an imported or shared conversation,
   * or an edited one). A tool that may run without asking (allowed before) must ask now.
   */
  reask?: boolean;
}

export interface Tool<Input = any> {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /**
   * The result: a string is sent as is, anything else as JSON. A thrown error becomes an error
   * result. `askPerson(...)` instead asks the person first (see ask-person.ts); `toolResult(...)`
   * gives content blocks (text, images) or an error result (see tool-result.ts).
   */
  run(input: Input, context: ToolContext): unknown | Promise<unknown>;
}

/** Names the library reserves for its built-in tools (saved history names them too). */
export { ASK_TOOL, FINISH_TOOL } from "../state/reserved-tools";

/**
 * A tool whose input is described by a zod schema: the JSON Schema is derived from it,
 * and the input is parsed before `run` sees it (a mismatch becomes an error result the
 * model can read and correct).
 */
export function defineTool<Schema extends z.ZodType>(definition: {
  name: string;
  description: string;
  input: Schema;
  run(input: z.output<Schema>, context: ToolContext): unknown | Promise<unknown>;
}): Tool<unknown> {
  let inputSchema: JsonSchema | null = null;
  return {
    name: definition.name,
    description: definition.description,
    // Derived when a run first needs it: an app defines its tools at start, before any request.
    get inputSchema(): JsonSchema {
      if (!inputSchema) {
        const derived = z.toJSONSchema(definition.input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
        delete derived.$schema;
        inputSchema = derived as JsonSchema;
      }
      return inputSchema;
    },
    run(input, context) {
      const parsed = definition.input.safeParse(input);
      if (!parsed.success) throw new ToolInputError(definition.name, z.prettifyError(parsed.error));
      return definition.run(parsed.data, context);
    },
  };
}
