/**
 * The shapes the window sees. Plain JSON, safe to send over IPC; no secrets.
 */
import type { EntryRecord, StoppedBy } from "./wire-types";
import type { ConversationOptionsView, UsageTotals } from "./usage-types";

export type HistoryEntryView = EntryRecord;

export interface ConversationSummary {
  id: string;
  title: string;
  task: string;
  createdAt: string;
  updatedAt: string;
  stoppedBy: StoppedBy;
  /** A run of this conversation is going now. */
  running: boolean;
}

/** How a conversation's last run ended when it did not end by itself. */
export type Interruption =
  | { kind: "killed"; detail: string } // the process stopped mid-run (stoppedBy null with history)
  | { kind: "aborted"; detail: string }
  | { kind: "error"; detail: string };

export interface ConversationView {
  summary: ConversationSummary;
  /**
   * The newest entries only (the `tail` asked for, more when a tool call's turn is older);
   * `conversations:entries` gives the older ones, page by page.
   */
  entries: HistoryEntryView[];
  /** The seq of `entries[0]` (equal to `totalEntries` when there are none): the older entries are those before it. */
  firstSeq: number;
  /** How many entries the whole conversation has. */
  totalEntries: number;
  pendingAsk: { callId: string; question: string; choices?: string[] } | null;
  interruption: Interruption | null;
  /** Set when the conversation could not be loaded (a broken record); the others still work. */
  loadError: string | null;
  /** Tokens of all its replies and their estimated cost. */
  usage?: UsageTotals;
  /** Its model and thinking setting. */
  options?: ConversationOptionsView;
}

/** A page of older entries, just before the ones the window has. */
export interface EntriesPage {
  id: string;
  /** Consecutive entries, oldest first; a tool call's turn is never left out of a page that holds its result. */
  entries: HistoryEntryView[];
  /** The seq of `entries[0]`; 0 when the page reaches the start of the conversation. */
  firstSeq: number;
  totalEntries: number;
}

export interface SettingsView {
  model: string;
  systemPrompt: string;
  folder: string | null;
  hasApiKey: boolean;
  /** Set when the settings file could not be used as it is (garbled, or from a newer version): what happened. */
  problem?: string;
}

export interface AppInfo {
  version: string;
  platform: string;
  dataFolder: string;
  hasApiKey: boolean;
}
