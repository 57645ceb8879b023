/**
 * Tools: plain objects the model may call. Tools of one model turn run concurrently.
 */
import type { State } from "./state";

/** JSON Schema of a tool's input, as the Messages API takes it. */
export type JsonSchema = { type: "object"; properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

export interface ToolContext {
  /** Aborted when the run is aborted; a well-behaved tool stops. */
  signal: AbortSignal;
  state: State;
  /** The id of this call. */
  callId: string;
}

export interface Tool<Input = any> {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** The result: a string is sent as is, anything else as JSON. A thrown error becomes an error result. */
  run(input: Input, context: ToolContext): unknown | Promise<unknown>;
}

/** Names the library reserves for its built-in tools. */
export const FINISH_TOOL = "finish";
export const ASK_TOOL = "ask";
