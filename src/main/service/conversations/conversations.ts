/**
 * The conversations the person has: the sidebar's pages and search, one conversation's
 * view, rename and delete. A conversation that cannot be loaded is shown with its load
 * error; the others keep working.
 */
import { type SavedStateInfo, type State, StateNotFoundError } from "../../agent";
import { forksAlong } from "../branches/branch-tree";
import type { ConversationSummary, ConversationView, EntriesPage, InterruptedRuns } from "../../../shared/view-types";
import type { AppEventBus } from "../app-event-bus";
import type { ConversationStore } from "./conversation-store";
import { conversationView, entryRecord, summaryOf } from "./conversation-view";
import { pageBefore } from "./history-pages";
import type { Runs } from "../runs/runs";
import { ConversationNotFoundError, ConversationUnreadableError } from "../service-errors";
import type { ServiceGate } from "../service-gate";
import type { Attachments } from "../attachments/attachments";

export interface ListRequest {
  offset: number;
  limit: number;
  query?: string;
}

export class Conversations {
  constructor(
    private readonly store: ConversationStore,
    private readonly runs: Runs,
    private readonly bus: AppEventBus,
    private readonly gate: ServiceGate,
    private readonly attachments: Attachments,
    private readonly extras: (state: State) => Pick<ConversationView, "usage" | "options"> = () => ({}),
  ) {}

  /**
   * One row per conversation (its branch updated last), newest first; with a query, the
   * branches whose title, task or own messages match it (each names the branch that holds the text).
   */
  list({ offset, limit, query }: ListRequest): { items: ConversationSummary[]; total: number } {
    this.gate.assertOpen();
    const words = query?.trim();
    if (words) {
      const items = this.store.search(words, { limit, offset }).map((info) => this.summary(info));
      return { items, total: this.store.searchCount(words) };
    }
    const rows = this.store.listConversations({ limit, offset });
    return { items: rows.map((info) => this.summary(info, info.branchCount)), total: this.store.countConversations() };
  }

  /** The conversations whose last run was cut short (killed mid-run, or stopped) and not running now. */
  interrupted(): InterruptedRuns {
    this.gate.assertOpen();
    const found = this.store
      .list({ limit: this.store.count(), offset: 0 })
      .filter((info) => (info.stoppedBy === null || info.stoppedBy === "aborted") && info.entryCount > 0 && !this.runs.isRunning(info.id));
    return { count: found.length, items: found.slice(0, 50).map((info) => this.summary(info)) };
  }

  /** The conversation with its newest `tail` entries; `entries` pages back from there. */
  async get(id: string, tail: number): Promise<ConversationView> {
    this.gate.assertOpen();
    const live = this.runs.liveState(id);
    if (live) return { ...this.view(live, true, tail), ...this.extras(live) };
    try {
      const state = await this.runs.load(id);
      return { ...this.view(state, this.runs.isRunning(id), tail), ...this.extras(state) };
    } catch (error) {
      if (!(error instanceof ConversationUnreadableError)) throw error;
      const info = this.store.info(id);
      if (!info) throw new ConversationNotFoundError(id);
      return {
        summary: this.summary(info),
        entries: [],
        firstSeq: 0,
        totalEntries: 0,
        pendingAsk: null,
        interruption: null,
        loadError: error.message,
        forks: [],
      };
    }
  }

  /** Up to `limit` entries just before seq `beforeSeq`, as the window scrolls up. */
  async entries(id: string, beforeSeq: number, limit: number): Promise<EntriesPage> {
    this.gate.assertOpen();
    const state = this.runs.liveState(id) ?? (await this.runs.load(id));
    const page = pageBefore(state.history, beforeSeq, limit);
    return { id, entries: page.entries.map(entryRecord), firstSeq: page.firstSeq, totalEntries: page.totalEntries };
  }

  /** Renames the conversation: every branch of it takes the title. */
  rename(id: string, title: string): ConversationSummary {
    this.gate.assertOpen();
    const info = this.store.info(id);
    if (!info) throw new ConversationNotFoundError(id);
    const branches = this.store.listBranches(info.conversationId);
    let renamed: SavedStateInfo = info;
    for (const branch of branches.length > 0 ? branches : [info]) {
      // A running State saves its title with every snapshot, so it must learn the new one too.
      const live = this.runs.liveState(branch.id);
      if (live) live.title = title;
      try {
        const row = this.store.rename(branch.id, title);
        if (branch.id === id) renamed = row;
      } catch (error) {
        if (!(error instanceof StateNotFoundError)) throw error;
      }
    }
    const live = this.runs.liveState(id);
    const count = Math.max(1, branches.length);
    const summary = live ? summaryOf(live, true, count) : this.summary(renamed, count);
    this.bus.emit({ type: "conversation_changed", summary });
    return summary;
  }

  /**
   * Deletes the conversation `id` belongs to, every branch of it (their runs stopped first).
   * Past that a branch of another conversation shares stays for that one (docs/branches.md).
   */
  async delete(id: string): Promise<void> {
    this.gate.assertOpen();
    const info = this.store.info(id);
    if (!info) throw new ConversationNotFoundError(id);
    const branches = this.store.listBranches(info.conversationId);
    for (const branch of branches) await this.runs.stop(branch.id);
    await this.store.deleteConversation(info.conversationId);
    for (const branch of branches) this.bus.emit({ type: "conversation_deleted", id: branch.id });
    if (!branches.some((branch) => branch.id === id)) this.bus.emit({ type: "conversation_deleted", id });
    // After the conversation is gone: a kill before this is settled by the next start's recovery.
    for (const branchId of new Set([id, ...branches.map((branch) => branch.id)])) await this.attachments.release(branchId).catch(() => undefined);
  }

  /** A generated title, set only while the title is still the task (never over the person's name for it). */
  applyTitleIfUntitled(id: string, title: string): boolean {
    if (!this.gate.isOpen) return false;
    const live = this.runs.liveState(id);
    const info = this.store.info(id);
    if (!info || info.title !== info.task || (live && live.title !== live.task)) return false;
    this.rename(id, title);
    return true;
  }

  /** The view of one branch, with its switchers. */
  private view(state: State, running: boolean, tail: number) {
    const rows = this.store.listBranches(state.conversationId);
    return conversationView(state, running, tail, forksAlong(rows, state.id), Math.max(1, rows.length));
  }

  private summary(info: SavedStateInfo, branchCount = 1): ConversationSummary {
    return {
      id: info.id,
      conversationId: info.conversationId,
      branchCount,
      title: info.title,
      task: info.task,
      createdAt: info.createdAt,
      updatedAt: info.updatedAt,
      stoppedBy: info.stoppedBy,
      running: this.runs.isRunning(info.id),
      ...(info.damaged ? { damaged: info.damaged } : {}),
    };
  }
}
