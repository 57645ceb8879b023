/**
 * The shapes the window sees. Plain JSON, safe to send over IPC; no secrets.
 */
import type { StoppedBy } from "../main/agent/snapshot";
import type { EntryRecord } from "../main/agent/history";

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
  entries: HistoryEntryView[];
  pendingAsk: { callId: string; question: string; choices?: string[] } | null;
  interruption: Interruption | null;
  /** Set when the conversation could not be loaded (a broken record); the others still work. */
  loadError: string | null;
}

export interface SettingsView {
  model: string;
  systemPrompt: string;
  folder: string | null;
  hasApiKey: boolean;
}

export interface AppInfo {
  version: string;
  platform: string;
  dataFolder: string;
  hasApiKey: boolean;
}
