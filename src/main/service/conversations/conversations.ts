/**
 * The conversations the person has: the sidebar's pages and search, one conversation's
 * view, rename and delete. A conversation that cannot be loaded is shown with its load
 * error; the others keep working.
 */
import { type SavedStateInfo, type State, StateNotFoundError } from "../../agent";
import { forksAlong } from "../branches/branch-tree";
import type { ConversationSummary, ConversationView, EntriesPage, InterruptedRuns } from "../../../shared/view-types";
import type { AppEventBus } from "../app-event-bus";
import { type ConversationStore, countConversations } from "./conversation-store";
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

/** Who runs a conversation on another machine (a server's leases); none on this computer. */
export interface ElsewhereRuns {
  refresh(): Promise<void>;
  holder(id: string): string | null;
}

export class Conversations {
  /** Set when the conversations are on a server other machines share. */
  elsewhere: ElsewhereRuns | null = null;

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
   * branches whose own messages, or conversations whose title or task, match it: each names
   * the branch that holds the text and carries a snippet with the matching words marked.
   */
  async list({ offset, limit, query }: ListRequest): Promise<{ items: ConversationSummary[]; total: number }> {
    this.gate.assertOpen();
    await this.elsewhere?.refresh();
    const words = query?.trim();
    if (words) {
      const page = await this.store.searchPage(words, { limit, offset });
      const items = page.items.map((hit) => ({ ...this.summary(hit), match: { snippet: hit.snippet, marks: hit.marks, seq: hit.hitSeq } }));
      return { items, total: page.total };
    }
    const rows = await this.store.listConversations({ limit, offset });
    return { items: rows.map((info) => this.summary(info, info.branchCount)), total: await countConversations(this.store) };
  }

  /** The conversations whose last run was cut short (killed mid-run, or stopped) and not running now. */
  async interrupted(): Promise<InterruptedRuns> {
    this.gate.assertOpen();
    const found = (await this.store.list({}))
      .filter((info) => (info.stoppedBy === null || info.stoppedBy === "aborted") && info.entryCount > 0 && !this.runs.isRunning(info.id));
    return { count: found.length, items: found.slice(0, 50).map((info) => this.summary(info)) };
  }

  /** The conversation with its newest `tail` entries; `entries` pages back from there. */
  async get(id: string, tail: number): Promise<ConversationView> {
    this.gate.assertOpen();
    const live = this.runs.liveState(id);
    if (live) return { ...(await this.view(live, true, tail)), ...this.extras(live) };
    try {
      const state = await this.runs.load(id);
      return { ...(await this.view(state, this.runs.isRunning(id), tail)), ...this.extras(state) };
    } catch (error) {
      if (!(error instanceof ConversationUnreadableError)) throw error;
      const info = await this.store.info(id);
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
  async rename(id: string, title: string): Promise<ConversationSummary> {
    this.gate.assertOpen();
    const info = await this.store.info(id);
    if (!info) throw new ConversationNotFoundError(id);
    const branches = await this.store.listBranches(info.conversationId);
    let renamed: SavedStateInfo = info;
    for (const branch of branches.length > 0 ? branches : [info]) {
      // A running State saves its title with every snapshot, so it must learn the new one too.
      const live = this.runs.liveState(branch.id);
      if (live) live.title = title;
      try {
        const row = await this.store.rename(branch.id, title);
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
    const info = await this.store.info(id);
    if (!info) throw new ConversationNotFoundError(id);
    const branches = await this.store.listBranches(info.conversationId);
    for (const branch of branches) await this.runs.stop(branch.id);
    await this.store.deleteConversation(info.conversationId);
    for (const branch of branches) this.bus.emit({ type: "conversation_deleted", id: branch.id });
    if (!branches.some((branch) => branch.id === id)) this.bus.emit({ type: "conversation_deleted", id });
    // After the conversation is gone: a kill before this is settled by the next start's recovery.
    for (const branchId of new Set([id, ...branches.map((branch) => branch.id)])) await this.attachments.release(branchId).catch(() => undefined);
  }

  /** A generated title, set only while the title is still the task (never over the person's name for it). */
  async applyTitleIfUntitled(id: string, title: string): Promise<boolean> {
    if (!this.gate.isOpen) return false;
    const live = this.runs.liveState(id);
    const info = await this.store.info(id);
    if (!info || info.title !== info.task || (live && live.title !== live.task)) return false;
    await this.rename(id, title);
    return true;
  }

  /** Tell the window of a State's row as it is now (another machine created, saved or renamed it). */
  async announce(id: string): Promise<void> {
    const info = await this.store.info(id);
    if (!info || info.retained) return;
    const branches = await this.store.listBranches(info.conversationId);
    this.bus.emit({ type: "conversation_changed", summary: this.summary(info, Math.max(1, branches.length)) });
  }

  /** The view of one branch, with its switchers. */
  private async view(state: State, running: boolean, tail: number) {
    const rows = await this.store.listBranches(state.conversationId);
    await this.elsewhere?.refresh();
    const view = conversationView(state, running, tail, forksAlong(rows, state.id), Math.max(1, rows.length));
    view.summary.runningElsewhere = this.elsewhere?.holder(state.id) ?? null;
    return view;
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
      runningElsewhere: this.elsewhere?.holder(info.id) ?? null,
      ...(this.runs.waitsForKey(info.id) ? { waitingForKey: true } : {}),
      ...(info.damaged ? { damaged: info.damaged } : {}),
    };
  }
}
