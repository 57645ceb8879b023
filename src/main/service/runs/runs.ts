/**
 * Runs in progress: start a conversation, send a message, stop, answer an `ask`,
 * continue an interrupted run. At most one run per branch (docs/branches.md); several branches
 * and conversations may run at once. Each run's step events go out on the app's event bus.
 */
import { ASK_TOOL, Agent, FINISH_TOOL, type StepEvent, State, StateNotFoundError, type Tool } from "../../agent";
import { askChecksFor, interruptionOf, summaryOf } from "../conversations/conversation-view";
import { wireEvent } from "./wire-event";
import { namedError } from "./friendly-errors";
import { clearRunFailure, recordRunFailure } from "./run-failure";
import {
  ConversationNotFoundError,
  ConversationUnreadableError,
  MissingApiKeyError,
  NoPendingQuestionError,
  NothingToContinueError,
  RunInProgressError,
  ServiceShuttingDownError,
  StoppedByPersonError,
} from "../service-errors";
import { AttachmentRecovery } from "../attachments/attachment-recovery";
import { type ConversationOptions, applyOptions, modelOf } from "../conversations/conversation-options";
import { conversationDefault, modelProviderFor, needsAnthropicKey, titleKeyFor } from "./run-provider";
import { titleInBackground } from "../models/titles";
import type { ActiveRun } from "./active-run";
import type { MessageAttachment, RunsOptions } from "./runs-options";

export type { MessageAttachment, RunsOptions } from "./runs-options";

export class Runs {
  private readonly active = new Map<string, ActiveRun>();
  /** What a kill left among the attachments: every run waits until it is settled. */
  readonly attachmentRecovery: AttachmentRecovery;
  constructor(private readonly options: RunsOptions) {
    this.attachmentRecovery = new AttachmentRecovery(options.attachments, options.store);
  }

  /** The conversations whose runs are going now (one waiting for the person's answer is not running). */
  runningIds(): string[] {
    return [...this.active.keys()];
  }

  isRunning(id: string): boolean {
    return this.active.has(id);
  }
  /** Its message waits for an API key. */
  waitsForKey(id: string): boolean {
    return this.options.keyWait.has(id);
  }

  /** The live State of a running conversation (its history includes what is not saved yet). */
  liveState(id: string): State | null {
    return this.active.get(id)?.state ?? null;
  }

  /** A new conversation whose first message is `text` (with any files); it starts running. */
  async start(text: string, files: MessageAttachment[] = [], options: ConversationOptions = {}): Promise<{ id: string }> {
    this.options.gate.assertOpen();
    const attachments = this.options.attachments.refsFor(files);
    const state = new State(text.trim() === "" && attachments.length > 0 ? attachments.map((a) => a.name).join(", ") : text, { data: {}, attachments });
    applyOptions(state, options);
    await this.launch(state.id, async (run) => {
      await this.claim(run, attachments.map((a) => a.id));
      return state;
    });
    return { id: state.id };
  }

  /** Add the person's message (with any files) and run. While a question is open, the message answers it. */
  async send(id: string, text: string, files: MessageAttachment[] = []): Promise<void> {
    const attachments = this.options.attachments.refsFor(files);
    await this.launch(id, async (run) => {
      const state = await this.load(id);
      await this.claim(run, attachments.map((a) => a.id));
      state.addUserMessage(text, { attachments });
      return state;
    });
  }

  /** Choose the conversation's model or thinking; applies from its next run. */
  async setOptions(id: string, options: ConversationOptions): Promise<void> {
    this.options.gate.assertOpen();
    if (this.active.has(id)) throw new RunInProgressError(id);
    const state = await this.load(id);
    applyOptions(state, options);
    await this.saveOutsideRun(state);
  }

  /** The files are durable and claimed by the conversation before its message is saved. */
  private async claim(run: ActiveRun, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.options.attachments.claim(run.id, ids);
    run.claimed = ids;
  }

  private confirmClaims(run: ActiveRun): void {
    if (run.claimed.length === 0) return;
    const ids = run.claimed;
    run.claimed = [];
    // A failure leaves the claim pending: recovery settles it from the saved message.
    this.options.attachments.confirm(run.id, ids).catch(() => undefined);
  }

  /**
   * Answer the open question and run. A tool's question (Allow / Deny of a file write) is
   * answered the same way: the run first gives the answer to that tool, run again.
   */
  async answer(id: string, answer: string): Promise<void> {
    await this.launch(id, async () => {
      const state = await this.load(id);
      if (!state.pendingAsk) throw new NoPendingQuestionError(id);
      state.addUserMessage(answer);
      return state;
    });
  }

  /** Run an interrupted conversation again (after a kill, an abort, an error or the step limit). */
  async continue(id: string): Promise<void> {
    await this.launch(id, async () => {
      const state = await this.load(id);
      if (!interruptionOf(state, askChecksFor(this.options.approvalKey))) throw new NothingToContinueError(id);
      return state;
    });
  }

  /** Run a new branch (an edit or a regenerate, made by Branching): it is created by its first save. */
  async startBranch(branch: State): Promise<{ id: string }> {
    await this.launch(branch.id, async () => branch);
    return { id: branch.id };
  }

  /** Save a State outside a run (a branch into a new conversation, a switch to a branch). */
  async save(state: State): Promise<void> {
    this.options.gate.assertOpen();
    await this.saveOutsideRun(state);
  }

  /** How many branches the State's conversation has (the sidebar row shows it). */
  async branchCount(state: State): Promise<number> {
    return Math.max(1, (await this.options.store.listBranches(state.conversationId)).length);
  }

  /** Once a key is set: send each conversation whose message waited for one, oldest first. */
  async sendWaitingForKey(): Promise<void> {
    for (const id of this.options.keyWait.ids()) await this.continue(id).catch(() => this.options.keyWait.delete(id));
  }

  /** Abort the conversation's run and wait until it has saved. Nothing running: nothing to do. */
  async stop(id: string): Promise<void> {
    const run = this.active.get(id);
    if (!run) return;
    run.controller.abort(new StoppedByPersonError());
    await run.finished;
  }

  /** Abort every run and wait for their saves, at most `boundMs`. Returns the ids still running then. */
  async abortAll(boundMs: number): Promise<string[]> {
    const runs = [...this.active.values()];
    for (const run of runs) run.controller.abort(new ServiceShuttingDownError());
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, boundMs);
    });
    await Promise.race([Promise.all(runs.map((run) => run.finished)), bound]);
    clearTimeout(timer);
    return [...this.active.keys()];
  }

  /** Load a saved conversation (a State kept only for another conversation's branches is not one). */
  async load(id: string): Promise<State> {
    if ((await this.options.store.info(id))?.retained) throw new ConversationNotFoundError(id);
    try {
      return await this.options.store.load(id);
    } catch (error) {
      if (error instanceof StateNotFoundError) throw new ConversationNotFoundError(id);
      throw new ConversationUnreadableError(id, error instanceof Error ? error.message : String(error), { cause: error });
    }
  }

  /** An Agent with today's settings and the conversation's model and provider, for a run of `state`. Without a key, no Anthropic client. */
  private async agent(apiKey: string | null, state: State, more: Tool[]): Promise<Agent> {
    return this.agentWith(state, more, await modelProviderFor(state, apiKey, this.options.providers, this.options.client, this.fallback()));
  }

  /**
   * Save `state` outside a run (a message before the window hears "sent", a choice of model).
   * A save asks the model nothing: no model client, provider, provider key or MCP tool is made or
   * waited for, and a conversation whose provider was removed still keeps the person's words.
   */
  private async saveOutsideRun(state: State): Promise<void> {
    await this.agentWith(state, [], {}).save(state);
  }

  /** The default provider and model of a conversation that chose neither, as the settings say now. */
  fallback() {
    return conversationDefault(this.options.settings.get(), this.options.providers);
  }

  private agentWith(state: State, more: Tool[], provider: Awaited<ReturnType<typeof modelProviderFor>>): Agent {
    const { settings, store, attachments } = this.options;
    return new Agent({
      model: modelOf(state, this.fallback()),
      system: settings.get().systemPrompt,
      store,
      tools: [...this.options.tools, ...more],
      resolveAttachment: attachments.resolve,
      approvalKey: this.options.approvalKey,
      ...provider,
    });
  }

  /**
   * Take the conversation's one run slot, prepare its State, then run it in the
   * background. Errors before the run starts are thrown to the caller; the slot is freed.
   */
  private async launch(id: string, prepare: (run: ActiveRun) => Promise<State>): Promise<void> {
    this.options.gate.assertOpen();
    if (this.active.has(id)) throw new RunInProgressError(id);
    this.options.assertFree?.(id);
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const run: ActiveRun = { id, state: null, claimed: [], controller: new AbortController(), finished, finish };
    this.active.set(id, run);
    try {
      // Every way a run starts or goes on (send, continue, answer, edit, regenerate, a key set) comes here.
      await this.attachmentRecovery.settled();
      const state = await prepare(run);
      this.options.gate.assertOpen();
      // Durable before the window hears "sent" (docs/acknowledgements.md).
      await this.saveOutsideRun(state);
      this.confirmClaims(run);
      run.state = state;
    } catch (error) {
      this.end(run);
      throw error;
    }
    void this.execute(run, run.state);
  }

  private async execute(run: ActiveRun, state: State): Promise<void> {
    const { bus } = this.options;
    bus.emit({ type: "conversation_changed", summary: summaryOf(state, true, await this.branchCount(state).catch(() => 1)) });
    let ended = false;
    const onEvent = (event: StepEvent) => {
      if (event.type === "run_end") {
        if (ended) return; // only the first end counts (see the fallbacks below)
        // The library has saved and let go of the State: the conversation is free again
        // before the window hears of the end, so it can send the next message at once.
        ended = true;
        this.confirmClaims(run);
        this.end(run);
        bus.emit({ type: "step", conversationId: state.id, event: wireEvent(event) });
        void this.branchCount(state)
          .catch(() => 1)
          .then((count) => this.active.has(state.id) || bus.emit({ type: "conversation_changed", summary: summaryOf(state, false, count) }));
        titleInBackground(state, titleKeyFor(state, this.options.secrets.get(), this.fallback()), this.options.client, this.options.applyTitle);
        return;
      }
      if (event.type === "save" && event.ok) this.confirmClaims(run);
      bus.emit({ type: "step", conversationId: state.id, event: wireEvent(event) });
    };
    try {
      clearRunFailure(state);
      const apiKey = this.options.secrets.get();
      if (!apiKey && needsAnthropicKey(state, this.options.providers, this.fallback())) {
        // Nothing goes to the model; the message is saved and waits for the key (see key-wait.ts).
        const error = new MissingApiKeyError();
        recordRunFailure(state, error);
        await this.saveOutsideRun(state);
        this.options.keyWait.add(state.id);
        onEvent({ type: "run_end", stateId: state.id, stoppedBy: "error", error: namedError(error) });
        return;
      }
      this.options.keyWait.delete(state.id);
      const more = (await this.options.moreTools?.([...this.options.tools.map((t) => t.name), FINISH_TOOL, ASK_TOOL])) ?? [];
      await (await this.agent(apiKey, state, more)).run(state, { signal: run.controller.signal, onEvent });
    } catch (error) {
      // The library saved the State and reported run_end; an error before the run began
      // (another process holds the conversation, the store failed) is reported here.
      onEvent({ type: "run_end", stateId: state.id, stoppedBy: state.stoppedBy, error: namedError(error) });
    } finally {
      onEvent({ type: "run_end", stateId: state.id, stoppedBy: state.stoppedBy, error: null }); // if nothing ended it yet
    }
  }

  private end(run: ActiveRun): void {
    if (this.active.get(run.id) === run) this.active.delete(run.id);
    run.finish();
  }
}
