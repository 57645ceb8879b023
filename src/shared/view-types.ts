/**
 * The shapes the window sees. Plain JSON, safe to send over IPC; no secrets.
 */
import type { EntryRecord, StoppedBy } from "./wire-types";
import type { DesktopSettings } from "./desktop-types";
import type { LanguageSetting } from "./languages";
import type { ConversationOptionsView, UsageTotals } from "./usage-types";

export type HistoryEntryView = EntryRecord;

export interface ConversationSummary {
  /** The branch this row or view shows (a State's id). */
  id: string;
  /** The conversation it belongs to: one sidebar row per conversation. */
  conversationId: string;
  /** How many branches the conversation has (1 without any edit, regenerate or switch). */
  branchCount: number;
  title: string;
  task: string;
  createdAt: string;
  updatedAt: string;
  stoppedBy: StoppedBy;
  /** A run of this conversation is going now. */
  running: boolean;
  /** A run of it is going on another machine (who holds it, in words): it cannot be run here until that ends. */
  runningElsewhere?: string | null;
  /** Its last message waits for an API key (sent once one is set). */
  waitingForKey?: boolean;
  /** Only on a search result: why it matches, and where. */
  match?: SearchMatch;
  /** Only on a row whose stored values fail their check: what is wrong (its id and title may be garbled). */
  damaged?: string;
}

/** Why a search result matches: a short piece of the text with the searched words marked. */
export interface SearchMatch {
  /** Plain text (shown as text, never as markup), with "…" where it was cut. */
  snippet: string;
  /** The matching words' places in `snippet`: [start, end) in UTF-16 code units, in order. */
  marks: [number, number][];
  /** The seq of the matching message in the branch `id`, or null when the title or task matched. */
  seq: number | null;
}

/** How a conversation's last run ended when it did not end by itself. */
export type Interruption =
  | { kind: "killed"; detail: string } // the process stopped mid-run (stoppedBy null with history)
  | { kind: "aborted"; detail: string }
  | { kind: "error"; detail: string }
  /** Not a failure: the person's message is saved and is sent once an API key is set. */
  | { kind: "needs_key"; detail: string }
  /** A question (or answer) that was not given on this computer to exactly its call: Continue asks it again, from the call. */
  | { kind: "ask_again"; detail: string };

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
  /** Where branches part along this branch, oldest first (the switchers ‹ 2 / 3 ›). */
  forks: BranchFork[];
}

/** A point where branches part: the entry at `seq` differs between them. */
export interface BranchFork {
  seq: number;
  /** Which of `options` this branch follows (0-based). */
  index: number;
  /** For each line going on from here, oldest first: the branch to open for it (its branch updated last). */
  options: string[];
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

/**
 * How the API key is kept. "keychain": encrypted with the system's keychain; "obfuscated":
 * Linux without a keyring (safeStorage's basic_text backend), the stored key is only
 * obfuscated; "memory-only": never written to disk, asked for again at each start;
 * "unavailable": the system offers no encryption, the key lasts until Alpine quits.
 */
export interface KeyStorageView {
  protection: "keychain" | "obfuscated" | "memory-only" | "unavailable";
  /** The Linux secret store safeStorage chose (e.g. "gnome_libsecret", "basic_text"); null elsewhere. */
  backend: string | null;
  /** The person chose to keep the key out of the disk. */
  memoryOnly: boolean;
  /** Whether the key can be stored on disk at all here (the choice is offered only then). */
  canStoreOnDisk: boolean;
}

export interface SettingsView {
  model: string;
  systemPrompt: string;
  folder: string | null;
  desktop: DesktopSettings;
  /** The window's language, or "system" (the system's preferred languages decide). */
  language: LanguageSetting;
  /** The provider of new conversations (with `model` as its model); null: Anthropic. */
  defaultProvider: string | null;
  /** The default's provider was removed from Settings → Models: new conversations use Anthropic. */
  defaultProviderRemoved: boolean;
  hasApiKey: boolean;
  keyStorage: KeyStorageView;
  /** Set when the settings file could not be used as it is (garbled, or from a newer version): what happened. */
  problem?: string;
}

export interface AppInfo {
  version: string;
  platform: string;
  dataFolder: string;
  hasApiKey: boolean;
  /**
   * The system's preferred languages, most preferred first (the app's answer): what the language
   * setting "system" means. Null where the window's own languages decide (the test host).
   */
  systemLanguages: string[] | null;
}

/** Everything the window's first screen needs, in one answer: nothing else is asked before it is shown. */
export interface LaunchView {
  settings: SettingsView;
  info: AppInfo;
  /** The sidebar's first page, newest first. */
  list: { items: ConversationSummary[]; total: number };
  /** The conversation open at the last quit, with its newest entries; null: "New conversation". */
  open: ConversationView | null;
}

/** Conversations whose last run was cut short (the process stopped, or the run was stopped) and can go on. */
export interface InterruptedRuns {
  count: number;
  /** Newest first, at most 50. */
  items: ConversationSummary[];
}
