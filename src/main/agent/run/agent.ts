/**
 * Agent: runs States. A run is a sequence of steps (compact, think, use_tools) that ends by
 * `finish`, by the model ending its turn, by `ask`, by the step limit, by an error or by an
 * abort; `state.stoppedBy` says which. With a store, the State is saved at every save
 * point (run start and end, before and after each think, after each tool result, after
 * use_tools and compact), writing only what the store does not have yet.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { z } from "zod";
import { type ToolSpec, askSpec, finishSpec } from "../tools/builtin-tools";
import { StateBusyError, StoreMismatchError } from "../errors";
import { fenceRun } from "./fencing";
import type { OnStepEvent } from "./events";
import { ResumeWarning, agentChanges, agentFingerprint } from "../state/resume-warning";
import { type RunContext, type StepEventBody, abortError } from "./run-context";
import { type Outcome, errorToThrow, recordFailure } from "./run-outcome";
import { activeRuns, processStop } from "./run-registry";
import { type SavePoint, assertCurrentCopy, describeError, saveState } from "../state/saver";
import type { AgentFingerprint } from "../state/snapshot";
import { type State, stateBook } from "../state/state";
import type { Lease, Store } from "../stores/store";
import { runSteps } from "./steps";
import { eventSink } from "./event-sink";
import type { AttachmentResolver } from "./message-builder";
import { AnthropicProvider } from "./providers/anthropic-provider";
import type { ModelProvider } from "./providers/model-provider";
import { ASK_TOOL, FINISH_TOOL, type Tool } from "../tools/tool";
import { type ApprovalKey, ApprovalSealer, sealAnswerGivenHere } from "./approval-seal";

export interface AgentOptions {
  /** The model name, e.g. "claude-sonnet-4-6". */
  model: string;
  system?: string;
  /** Saves every State this Agent runs. Without one, nothing is saved. */
  store?: Store;
  tools?: Tool[];
  /** An Anthropic client; by default `new Anthropic()` (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL). Ignored when `provider` is given. */
  client?: Anthropic;
  /**
   * The model service: `new AnthropicProvider(client)` (the default) or
   * `new OpenAICompatibleProvider({ baseURL, apiKey })` for OpenAI, OpenRouter, Ollama, LM Studio...
   */
  provider?: ModelProvider;
  /** Model requests (think steps) per run before it stops with "max_steps". Default 50. */
  maxSteps?: number;
  /** Estimated context tokens past which the context is compacted first. Default 150,000. */
  contextBudget?: number;
  /** max_tokens of each model request. Default 8192. */
  maxTokens?: number;
  /** A zod schema the `finish` answer must match. */
  outputSchema?: z.ZodType;
  /** Offer the built-in `finish` tool (default true). */
  finishTool?: boolean;
  /** Offer the built-in `ask` tool (default true). */
  askTool?: boolean;
  /** Mark each request's stable prefix (system, tools, history) for the prompt cache (default true). */
  promptCaching?: boolean;
  /** Gives the bytes of a file attached to a message (see `AttachmentRef`); needed once a State has attachments. */
  resolveAttachment?: AttachmentResolver;
  /** This installation's secret (16+ bytes): a call runs with an answer only when it was given here to exactly its input (approval-seal.ts). */
  approvalKey?: ApprovalKey;
}

export interface RunOptions {
  /** Aborts the run: open calls are closed with `(aborted: <reason's name>)`, the State is saved. */
  signal?: AbortSignal;
  onEvent?: OnStepEvent;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export class Agent {
  readonly model: string;
  readonly system: string;
  readonly store: Store | null;
  readonly tools: readonly Tool[];
  readonly maxSteps: number;
  readonly contextBudget: number;
  readonly maxTokens: number;
  readonly outputSchema: z.ZodType | undefined;
  readonly promptCaching: boolean;
  private readonly resolveAttachment: AttachmentResolver | undefined;
  private readonly toolMap: Map<string, Tool>;
  private readonly toolSpecs: ToolSpec[];
  private readonly fingerprint: AgentFingerprint;
  /** The model service the runs of this Agent talk to. */
  readonly provider: ModelProvider;
  private readonly sealer: ApprovalSealer;

  constructor(options: AgentOptions) {
    if (typeof options?.model !== "string" || options.model === "") throw new TypeError("new Agent({ model }) needs a model name.");
    this.model = options.model;
    this.system = options.system ?? "";
    this.store = options.store ?? null;
    this.tools = [...(options.tools ?? [])];
    this.maxSteps = options.maxSteps ?? 50;
    this.contextBudget = options.contextBudget ?? 150_000;
    this.maxTokens = options.maxTokens ?? 8192;
    this.outputSchema = options.outputSchema;
    this.provider = options.provider ?? new AnthropicProvider(options.client);
    this.promptCaching = options.promptCaching ?? true;
    this.resolveAttachment = options.resolveAttachment;
    this.sealer = new ApprovalSealer(options.approvalKey);
    for (const [name, value] of [["maxSteps", this.maxSteps], ["contextBudget", this.contextBudget], ["maxTokens", this.maxTokens]] as const) {
      if (!(value >= 1) || (name !== "contextBudget" && !Number.isInteger(value))) throw new RangeError(`${name} must be a positive ${name === "contextBudget" ? "number" : "integer"}, got ${value}.`);
    }

    const builtIns: ToolSpec[] = [];
    if (options.finishTool !== false) builtIns.push(finishSpec(options.outputSchema));
    if (options.askTool !== false) builtIns.push(askSpec);
    this.toolMap = new Map();
    for (const tool of this.tools) {
      if (!TOOL_NAME.test(tool.name)) throw new TypeError(`Tool name ${JSON.stringify(tool.name)} must be 1 to 64 letters, digits, _ or -.`);
      if (this.toolMap.has(tool.name) || builtIns.some((b) => b.name === tool.name)) {
        throw new TypeError(`Two tools are named "${tool.name}" (${FINISH_TOOL} and ${ASK_TOOL} are built in; turn them off with finishTool/askTool: false to use your own).`);
      }
      this.toolMap.set(tool.name, tool);
    }
    this.toolSpecs = [...this.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema })), ...builtIns];
    this.fingerprint = agentFingerprint(this.model, this.system, this.toolSpecs);
  }

  /**
   * The Anthropic client, created at the first model request: a missing key only matters when a
   * request is made, and the SDK is loaded only then (a program that starts without asking the
   * model anything never pays for loading it). Only for an Agent on the Anthropic provider.
   */
  async modelClient(): Promise<Anthropic> {
    if (!(this.provider instanceof AnthropicProvider)) throw new TypeError(`This Agent talks to a ${this.provider.kind} provider, not to an Anthropic client.`);
    return this.provider.sdkClient();
  }

  /**
   * Save what the store does not have yet (e.g. a user message added between runs).
   * Outside a run it cannot write over a runner in another process (StateBusyError) nor
   * over a copy another runner went on from (StaleStateError).
   */
  async save(state: State): Promise<void> {
    this.checkStore(state);
    if (!this.store) return;
    const book = state[stateBook];
    book.agent = this.fingerprint;
    sealAnswerGivenHere(state, this.sealer);
    // A run holds the lease; a new State is created all or nothing.
    await saveState(state, this.store, { outsideRun: !book.running });
  }

  /**
   * Run the State until it stops. Resolves to what the person should see next: the
   * model's final text, the `finish` answer, or the question of `ask`.
   */
  async run(state: State, options: RunOptions = {}): Promise<unknown> {
    this.checkStore(state);
    const book = state[stateBook];
    if (book.running) throw new StateBusyError(state.id, `another run of this State object in this process (pid ${process.pid})`);
    book.running = true;
    sealAnswerGivenHere(state, this.sealer);
    const emit = eventSink(state, options.onEvent);
    const save = this.saver(state, emit);
    let lease: Lease | null = null;
    try {
      if (this.store && book.isNew) await save("run_start"); // refuses a saved id before any model request
      if (this.store) {
        lease = await this.store.acquireLease(state.id);
        await assertCurrentCopy(state, this.store); // a copy another run went on from is refused
      }
    } catch (error) {
      try {
        await lease?.release();
      } catch {
        // the lease lapses on its own
      }
      book.running = false;
      throw error;
    }
    return this.runLeased(state, options.signal, emit, save, lease);
  }

  /** Save at a save point, reporting what was written (or the failure) as a step event. */
  private saver(state: State, emit: (event: StepEventBody) => void): (point: SavePoint) => Promise<void> {
    const store = this.store;
    return async (point) => {
      if (!store) return;
      state[stateBook].agent = this.fingerprint;
      try {
        const outcome = await saveState(state, store);
        if (outcome.wrote) emit({ type: "save", point, entries: outcome.entries, ok: true });
      } catch (error) {
        emit({ type: "save", point, entries: 0, ok: false, error: describeError(error) });
        throw error;
      }
    };
  }

  private async runLeased(
    state: State,
    callerSignal: AbortSignal | undefined,
    emit: (event: StepEventBody) => void,
    save: (point: SavePoint) => Promise<void>,
    lease: Lease | null,
  ): Promise<unknown> {
    const book = state[stateBook];
    const controller = new AbortController();
    const forwardAbort = () => controller.abort(abortError(callerSignal!));
    if (callerSignal?.aborted) forwardAbort();
    else if (processStop.reason) controller.abort(processStop.reason);
    callerSignal?.addEventListener("abort", forwardAbort, { once: true });
    book.lease = lease;
    const fenced = fenceRun(controller, lease, save);
    let settle: () => void = () => undefined;
    const registration = { stateId: state.id, abort: (reason: Error) => controller.abort(reason), settled: new Promise<void>((r) => (settle = r)) };
    activeRuns.add(registration);
    book.onEntry = (entry) => emit({ type: "entry", entry });
    const run: RunContext = {
      state,
      // The provider makes its client at the first request: a client that cannot be made fails that step.
      provider: this.provider,
      model: this.model,
      system: this.system,
      maxTokens: this.maxTokens,
      toolSpecs: this.toolSpecs,
      tools: this.toolMap,
      outputSchema: this.outputSchema,
      promptCaching: this.promptCaching,
      resolveAttachment: this.resolveAttachment,
      signal: controller.signal,
      emit,
      save: fenced.save,
      saveQuietly: (point) => fenced.save(point).catch(() => undefined),
      confirmLease: fenced.confirmLease,
      sealer: this.sealer,
    };

    let result: unknown = undefined;
    let failure: Outcome = null;
    try {
      state.stoppedBy = null;
      emit({ type: "run_start" });
      this.warnIfChanged(state, emit);
      await fenced.save("run_start");
      result = await runSteps(run, { maxSteps: this.maxSteps, contextBudget: this.contextBudget });
    } catch (error) {
      failure = { error };
      recordFailure(run, error);
    }

    let saveFailure: Outcome = null;
    try {
      await fenced.save("run_end");
    } catch (error) {
      saveFailure = { error };
    }
    book.lease = null;
    try {
      await lease?.release();
    } catch {
      // The lease lapses on its own (its heartbeat stops).
    }
    callerSignal?.removeEventListener("abort", forwardAbort);
    book.onEntry = null;
    book.running = false;
    activeRuns.delete(registration);

    const thrown = errorToThrow(controller.signal, failure, saveFailure);
    emit({
      type: "run_end",
      stoppedBy: state.stoppedBy,
      error: thrown ? { name: thrown instanceof Error ? thrown.name : "Error", message: thrown instanceof Error ? thrown.message : String(thrown) } : null,
    });
    settle();
    if (thrown !== undefined) throw thrown;
    return result;
  }

  private warnIfChanged(state: State, emit: (event: StepEventBody) => void): void {
    const book = state[stateBook];
    const saved = book.loadedAgent;
    book.loadedAgent = undefined;
    if (!saved) return;
    const changes = agentChanges(saved, this.fingerprint);
    if (changes.length === 0) return;
    const warning = new ResumeWarning(state.id, changes);
    process.emitWarning(warning);
    emit({ type: "warning", name: warning.name, message: warning.message });
  }

  private checkStore(state: State): void {
    const savedIn = state[stateBook].storeKey;
    if (savedIn === null) return;
    const mine = this.store?.storeKey ?? null;
    if (mine !== savedIn) throw new StoreMismatchError(state.id, savedIn, this.store ? this.store.describe() : "no store");
  }
}
