/**
 * The conversations the person has: the sidebar's pages and search, one conversation's
 * view, rename and delete. A conversation that cannot be loaded is shown with its load
 * error; the others keep working.
 */
import { type SavedStateInfo, type State, StateNotFoundError } from "../../agent";
import { forksAlong } from "../branches/branch-tree";
import type { ConversationSummary, ConversationView, EntriesPage, InterruptedRuns } from "../../../shared/view-types";
import type { ConversationOptionsView, UsageTotals } from "../../../shared/usage-types";
import type { AppEventBus } from "../app-event-bus";
import type { ConversationStore } from "./conversation-store";
import { conversationView, entryRecord, summaryOf } from "./conversation-view";
import { pageBefore } from "./history-pages";
import { pagedConversationView } from "./paged-view";
import { storedPageBefore } from "./stored-pages";
import type { Runs } from "../runs/runs";
import { ConversationNotFoundError, ConversationUnreadableError } from "../service-errors";
import type { ServiceGate } from "../service-gate";
import type { Attachments } from "../attachments/attachments";

/** What a view shows besides the history: usage totals (read from every reply) and options. */
export interface ViewExtras {
  usage(history: State["history"]): UsageTotals | undefined;
  options(state: Pick<State, "data" | "thinking">): ConversationOptionsView | undefined;
}

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
    private readonly extras: ViewExtras = { usage: () => undefined, options: () => undefined },
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

  /** The conversations whose last run was cut short (killed mid-run, or stopped) and not running now: counted from the rows. */
  interrupted(): InterruptedRuns {
    this.gate.assertOpen();
    const running = this.runs.runningIds();
    const found = this.store.unfinished(50 + running.length);
    // A running conversation's row says what its last save said (saved just before the run: stoppedBy null).
    const runningUnfinished = running.filter((id) => {
      const info = this.store.info(id);
      return info !== null && !info.retained && (info.stoppedBy === null || info.stoppedBy === "aborted") && info.entryCount > 0;
    });
    const items = found.items.filter((info) => !this.runs.isRunning(info.id)).slice(0, 50);
    return { count: Math.max(0, found.count - runningUnfinished.length), items: items.map((info) => this.summary(info)) };
  }

  /**
   * The conversation with its newest `tail` entries; `entries` pages back from there. A
   * conversation at rest is read as a page from the store (its usage totals come from `usage`);
   * a running one, or one whose load would add to what is stored (a kill), is loaded.
   */
  async get(id: string, tail: number): Promise<ConversationView> {
    this.gate.assertOpen();
    const live = this.runs.liveState(id);
    if (live) return this.fullView(live, true, tail);
    try {
      const paged = await pagedConversationView(this.store, id, tail, {
        branches: (conversationId) => this.branchesOf(id, conversationId),
        options: (snapshot) => this.extras.options({ data: snapshot.data, thinking: snapshot.thinking ?? null }),
      }).catch(() => null); // a store that cannot tell: the load below says what is wrong
      if (paged && !this.runs.isRunning(id)) return paged;
      const state = await this.runs.load(id);
      return this.fullView(state, this.runs.isRunning(id), tail);
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

  /** The conversation's token usage and estimated cost, from every reply of its history. */
  async usage(id: string): Promise<UsageTotals | null> {
    this.gate.assertOpen();
    const state = this.runs.liveState(id) ?? (await this.runs.load(id));
    return this.extras.usage(state.history) ?? null;
  }

  /** Up to `limit` entries just before seq `beforeSeq`, as the window scrolls up. */
  async entries(id: string, beforeSeq: number, limit: number): Promise<EntriesPage> {
    this.gate.assertOpen();
    const live = this.runs.liveState(id);
    if (!live) {
      // Stored entries are the loaded State's, but for what a load adds at the end after a kill.
      const stored = await storedPageBefore(this.store, id, beforeSeq, limit).catch(() => null);
      const snapshot = stored?.snapshot;
      if (stored && snapshot && !snapshot.retained && snapshot.entryCount === stored.totalEntries && snapshot.stoppedBy !== null) {
        return { id, entries: stored.entries.map(entryRecord), firstSeq: stored.firstSeq, totalEntries: stored.totalEntries };
      }
    }
    const state = live ?? (await this.runs.load(id));
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

  /** The view of one loaded branch, with its switchers, usage and options. */
  private fullView(state: State, running: boolean, tail: number): ConversationView {
    const { forks, branchCount } = this.branchesOf(state.id, state.conversationId);
    const usage = this.extras.usage(state.history);
    const options = this.extras.options(state);
    return { ...conversationView(state, running, tail, forks, branchCount), ...(usage ? { usage } : {}), ...(options ? { options } : {}) };
  }

  private branchesOf(id: string, conversationId: string) {
    const rows = this.store.listBranches(conversationId);
    return { forks: forksAlong(rows, id), branchCount: Math.max(1, rows.length) };
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
    };
  }
}
