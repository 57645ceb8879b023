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
import { type ConversationStore, countConversations, unfinishedRuns } from "./conversation-store";
import { type AskChecks, conversationView, entryRecord, summaryOf } from "./conversation-view";
import { pageBefore } from "./history-pages";
import { pagedConversationView } from "./paged-view";
import { storedPageBefore } from "./stored-pages";
import type { Runs } from "../runs/runs";
import { ConversationNotFoundError, ConversationUnreadableError } from "../service-errors";
import type { ServiceGate } from "../service-gate";
import type { Attachments } from "../attachments/attachments";
import { UNSAFE_TITLE_MESSAGE, cleanTitle } from "../../../shared/title-text";

/** What a view shows besides the history: usage totals (read from every reply) and options. */
export interface ViewExtras {
  usage(history: State["history"]): UsageTotals | undefined;
  options(state: Pick<State, "data" | "thinking">): ConversationOptionsView | undefined;
  /** Whether a stored question or answer was given on this computer (only those are shown). */
  checks: AskChecks;
}

/** Without the installation's key nothing stored holds: every question is asked again. */
const TRUST_NOTHING: AskChecks = { askHolds: () => false, answerHolds: () => false };

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
    private readonly extras: ViewExtras = { usage: () => undefined, options: () => undefined, checks: TRUST_NOTHING },
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

  /** The conversations whose last run was cut short (killed mid-run, or stopped) and not running now: counted from the rows. */
  async interrupted(): Promise<InterruptedRuns> {
    this.gate.assertOpen();
    const running = this.runs.runningIds();
    const found = await unfinishedRuns(this.store, 50 + running.length);
    // A running conversation's row says what its last save said (saved just before the run: stoppedBy null).
    let runningUnfinished = 0;
    for (const id of running) {
      const info = await this.store.info(id);
      if (info !== null && !info.retained && (info.stoppedBy === null || info.stoppedBy === "aborted") && info.entryCount > 0) runningUnfinished++;
    }
    const items = found.items.filter((info) => !this.runs.isRunning(info.id)).slice(0, 50);
    return { count: Math.max(0, found.count - runningUnfinished), items: items.map((info) => this.summary(info)) };
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
        checks: this.extras.checks,
      }).catch(() => null); // a store that cannot tell: the load below says what is wrong
      if (paged && !this.runs.isRunning(id)) {
        await this.elsewhere?.refresh();
        paged.summary.runningElsewhere = this.elsewhere?.holder(id) ?? null;
        return paged;
      }
      const state = await this.runs.load(id);
      return this.fullView(state, this.runs.isRunning(id), tail);
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

  /** Renames the conversation: every branch of it takes the title (without control characters or direction overrides). */
  async rename(id: string, requested: string): Promise<ConversationSummary> {
    this.gate.assertOpen();
    const title = cleanTitle(requested);
    if (title === "") throw new TypeError(UNSAFE_TITLE_MESSAGE);
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

  /** The view of one loaded branch, with its switchers, usage and options. */
  private async fullView(state: State, running: boolean, tail: number): Promise<ConversationView> {
    const { forks, branchCount } = await this.branchesOf(state.id, state.conversationId);
    await this.elsewhere?.refresh();
    const view = conversationView(state, running, tail, this.extras.checks, forks, branchCount);
    view.summary.runningElsewhere = this.elsewhere?.holder(state.id) ?? null;
    const usage = this.extras.usage(state.history);
    const options = this.extras.options(state);
    return { ...view, ...(usage ? { usage } : {}), ...(options ? { options } : {}) };
  }

  private async branchesOf(id: string, conversationId: string) {
    const rows = await this.store.listBranches(conversationId);
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
      runningElsewhere: this.elsewhere?.holder(info.id) ?? null,
      ...(this.runs.waitsForKey(info.id) ? { waitingForKey: true } : {}),
      ...(info.damaged ? { damaged: info.damaged } : {}),
    };
  }
}
