/**
 * The conversations the person has: the sidebar's pages and search, one conversation's
 * view, rename and delete. A conversation that cannot be loaded is shown with its load
 * error; the others keep working.
 */
import { type SavedStateInfo, type State, StateNotFoundError } from "../agent";
import type { ConversationSummary, ConversationView, EntriesPage } from "../../shared/view-types";
import type { AppEventBus } from "./app-event-bus";
import type { ConversationStore } from "./conversation-store";
import { conversationView, entryRecord, summaryOf } from "./conversation-view";
import { pageBefore } from "./history-pages";
import type { Runs } from "./runs";
import { ConversationNotFoundError, ConversationUnreadableError } from "./service-errors";
import type { ServiceGate } from "./service-gate";
import type { Attachments } from "./attachments/attachments";

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

  /** Newest first; with a query, the conversations whose title, task or messages match it. */
  list({ offset, limit, query }: ListRequest): { items: ConversationSummary[]; total: number } {
    this.gate.assertOpen();
    const words = query?.trim();
    if (words) {
      const items = this.store.search(words, { limit, offset }).map((info) => this.summary(info));
      return { items, total: this.store.searchCount(words) };
    }
    return { items: this.store.list({ limit, offset }).map((info) => this.summary(info)), total: this.store.count() };
  }

  /** The conversation with its newest `tail` entries; `entries` pages back from there. */
  async get(id: string, tail: number): Promise<ConversationView> {
    this.gate.assertOpen();
    const live = this.runs.liveState(id);
    if (live) return { ...conversationView(live, true, tail), ...this.extras(live) };
    try {
      const state = await this.runs.load(id);
      return { ...conversationView(state, this.runs.isRunning(id), tail), ...this.extras(state) };
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

  rename(id: string, title: string): ConversationSummary {
    this.gate.assertOpen();
    // A running State saves its title with every snapshot, so it must learn the new one too.
    const live = this.runs.liveState(id);
    if (live) live.title = title;
    let info: SavedStateInfo;
    try {
      info = this.store.rename(id, title);
    } catch (error) {
      if (error instanceof StateNotFoundError) throw new ConversationNotFoundError(id);
      throw error;
    }
    const summary = live ? summaryOf(live, true) : this.summary(info);
    this.bus.emit({ type: "conversation_changed", summary });
    return summary;
  }

  /** Stops the conversation's run first, if one goes. */
  async delete(id: string): Promise<void> {
    this.gate.assertOpen();
    await this.runs.stop(id);
    if (!this.store.info(id)) throw new ConversationNotFoundError(id);
    this.store.delete(id);
    this.bus.emit({ type: "conversation_deleted", id });
    // After the conversation is gone: a kill before this is settled by the next start's recovery.
    await this.attachments.release(id).catch(() => undefined);
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

  private summary(info: SavedStateInfo): ConversationSummary {
    return {
      id: info.id,
      title: info.title,
      task: info.task,
      createdAt: info.createdAt,
      updatedAt: info.updatedAt,
      stoppedBy: info.stoppedBy,
      running: this.runs.isRunning(info.id),
    };
  }
}
