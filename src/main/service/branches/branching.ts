/**
 * Edit, regenerate, branch into a new conversation, and switch between branches
 * (docs/branches.md). Each makes or picks a branch of the conversation; nothing of the
 * shared past is copied, and the branch left behind is kept as it was.
 */
import { BranchPointNotSavedError, type State, branchState } from "../../agent";
import type { ConversationStore } from "../conversations/conversation-store";
import type { Runs } from "../runs/runs";
import { BranchPointError, ConversationNotFoundError } from "../service-errors";
import type { ServiceGate } from "../service-gate";

export class Branching {
  constructor(
    private readonly runs: Runs,
    private readonly gate: ServiceGate,
    private readonly store: ConversationStore,
  ) {}

  /** Send `text` in place of the person's message at `seq`: a new branch from just before it, run at once. */
  async edit(id: string, seq: number, text: string): Promise<{ id: string }> {
    const state = await this.current(id);
    const entry = state.history[seq];
    if (entry?.kind !== "user") throw new BranchPointError(id, seq, "only a message of yours can be edited");
    return this.runs.startBranch(this.branch(state, seq - 1, { message: text }));
  }

  /** Ask again for the reply at `seq`: a new branch ending just before it, run at once. */
  async regenerate(id: string, seq: number): Promise<{ id: string }> {
    const state = await this.current(id);
    const entry = state.history[seq];
    if (entry?.kind !== "assistant" || seq < 1) throw new BranchPointError(id, seq, "only a reply of the model can be regenerated");
    return this.runs.startBranch(this.branch(state, seq - 1, {}));
  }

  /**
   * A new conversation whose past is this one through the message at `seq` (with the tool
   * results of that turn), saved and not run: a new sidebar row.
   */
  async branchOff(id: string, seq: number): Promise<{ id: string }> {
    const state = await this.current(id);
    if (!state.history[seq]) throw new BranchPointError(id, seq, "there is no message there");
    let through = seq;
    while (state.history[through + 1]?.kind === "tool_result") through++;
    const branch = this.branch(state, through, { newConversation: true, title: `${state.title} (branch)` });
    await this.runs.save(branch);
    return { id: branch.id };
  }

  /**
   * Show branch `id` from now on: it becomes its conversation's branch shown last, so the
   * sidebar row and the next launch open it. Seeing a branch is not an update: the
   * conversation keeps its time and its place in the list. A running branch is shown already.
   */
  async switchTo(id: string): Promise<{ id: string }> {
    this.gate.assertOpen();
    if (this.runs.isRunning(id)) return { id };
    const info = await this.store.info(id);
    // A State kept only for another conversation's branches is no branch a person can be shown.
    if (!info || info.retained) throw new ConversationNotFoundError(id);
    await this.store.show(id);
    return { id };
  }

  /** The branch's live State while it runs (its past is saved up to what it acknowledged), else the saved one. */
  private async current(id: string): Promise<State> {
    this.gate.assertOpen();
    return this.runs.liveState(id) ?? (await this.runs.load(id));
  }

  private branch(state: State, atSeq: number, options: Parameters<typeof branchState>[2]): State {
    try {
      return branchState(state, atSeq, options);
    } catch (error) {
      if (error instanceof BranchPointNotSavedError) throw new BranchPointError(state.id, atSeq + 1, "that part is not saved yet; wait for the reply and try again");
      throw error;
    }
  }
}
