/**
 * What the steps of one run share: the State, the Agent's settings, the run's abort
 * signal, the event sink and the save function of the save points.
 */
import type { z } from "zod";
import type { ToolSpec } from "../tools/builtin-tools";
import { RunAbortedError } from "../errors";
import type { StepEvent } from "./events";
import type { SavePoint } from "../state/saver";
import type { State } from "../state/state";
import type { Tool } from "../tools/tool";
import type { AttachmentResolver } from "./message-builder";
import type { ModelProvider } from "./providers/model-provider";
import type { ApprovalSealer } from "./approval-seal";

/** A step event before the run adds the State's id. */
export type StepEventBody = StepEvent extends infer E ? (E extends StepEvent ? Omit<E, "stateId"> : never) : never;

export interface RunContext {
  state: State;
  /** The model provider (it loads its SDK and makes its client at its first request). */
  provider: ModelProvider;
  model: string;
  system: string;
  maxTokens: number;
  /** Every tool offered to the model, built-ins included, as the API takes them. */
  toolSpecs: ToolSpec[];
  tools: Map<string, Tool>;
  outputSchema: z.ZodType | undefined;
  /** Mark the request's stable prefix for the prompt cache. */
  promptCaching: boolean;
  /** Gives the bytes of attached files. */
  resolveAttachment: AttachmentResolver | undefined;
  /** Aborted when the run is aborted (its own signal, the caller's, or a process signal). */
  signal: AbortSignal;
  emit(event: StepEventBody): void;
  /** Save what is not saved yet; throws what the store throws. */
  save(point: SavePoint): Promise<void>;
  /** Save what is not saved yet; a failure is reported as a step event, not thrown. */
  saveQuietly(point: SavePoint): Promise<void>;
  /** Seals questions and checks answers against the calls they are about. */
  sealer: ApprovalSealer;
  /** Throws LeaseLostError (and stops the run) when the run's lease was taken over; asked before each tool call. */
  confirmLease(): Promise<void>;
}

const wrappedReasons = new WeakMap<AbortSignal, Error>();

/**
 * The reason a run was aborted, always an Error (calls are closed with `(aborted: <its name>)`).
 * A reason that is not an Error is wrapped, once per signal, in a RunAbortedError.
 */
export function abortError(signal: AbortSignal): Error {
  if (signal.reason instanceof Error) return signal.reason;
  let wrapped = wrappedReasons.get(signal);
  if (!wrapped) {
    wrapped = new RunAbortedError(signal.reason);
    wrappedReasons.set(signal, wrapped);
  }
  return wrapped;
}

/** Throws the abort reason when the run was aborted. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortError(signal);
}
