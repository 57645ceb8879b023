/**
 * What the window sees of a conversation: plain JSON built from a State, with how its
 * last run ended when it did not end by itself (the banner with Continue).
 */
import type { HistoryEntry, State } from "../../agent";
import type { BranchFork, ConversationSummary, ConversationView, Interruption } from "../../../shared/view-types";
import type { EntryRecord } from "../../../shared/wire-types";
import { friendlyErrorText } from "../runs/friendly-errors";
import { newestPage } from "./history-pages";
import { readRunFailure } from "../runs/run-failure";
import { isWaitingForKey } from "../runs/key-wait";

/** What a conversation whose message waits for the API key says: a first step, not a failure. */
export const WAITING_FOR_KEY_TEXT = "Your message is saved. Add your Anthropic API key in Settings and it is sent right away.";

export function summaryOf(state: State, running: boolean, branchCount = 1): ConversationSummary {
  return {
    id: state.id,
    conversationId: state.conversationId,
    branchCount,
    title: state.title,
    task: state.task,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    stoppedBy: state.stoppedBy,
    running,
    ...(isWaitingForKey(state) ? { waitingForKey: true } : {}),
  };
}

/** A history entry as JSON: the live Error object (only ever set in this process) is dropped. */
export function entryRecord(entry: HistoryEntry): EntryRecord {
  return { ...entry, error: null };
}

/**
 * `tail`: how many of the newest entries to send (the turn of an open question or of a
 * result in them comes too). The open question is the State's own, a tool's (a file
 * write's Allow / Deny) included.
 */
export function conversationView(state: State, running: boolean, tail: number, forks: BranchFork[] = [], branchCount = 1): ConversationView {
  const ask = state.pendingAsk;
  const page = newestPage(state.history, tail, ask ? [ask.callId] : []);
  return {
    summary: summaryOf(state, running, branchCount),
    entries: page.entries.map(entryRecord),
    firstSeq: page.firstSeq,
    totalEntries: page.totalEntries,
    pendingAsk: ask ? { callId: ask.callId, question: ask.question, ...(ask.choices ? { choices: [...ask.choices] } : {}) } : null,
    interruption: running ? null : interruptionOf(state),
    loadError: null,
    forks,
  };
}

/** How the last run stopped when it did not end by itself; null when it did. */
export function interruptionOf(state: State): Interruption | null {
  switch (state.stoppedBy) {
    case null:
      // Every conversation is saved just before its run starts, so a saved State that no
      // run stopped is one whose process ended mid-run (killed, crashed, power cut).
      return {
        kind: "killed",
        detail: "Alpine stopped while this conversation was running. What was saved is shown; press Continue to go on.",
      };
    case "aborted":
      return { kind: "aborted", detail: `The run was stopped before it finished${reasonOf(state)}. Press Continue to go on.` };
    case "error":
      if (isWaitingForKey(state)) return { kind: "needs_key", detail: WAITING_FOR_KEY_TEXT };
      return { kind: "error", detail: errorDetail(state) };
    case "max_steps":
      return { kind: "error", detail: "The run reached its step limit before finishing. Press Continue to let it go on." };
    default:
      return null;
  }
}

function lastErrorEntry(state: State): Extract<HistoryEntry, { kind: "error" }> | null {
  for (let i = state.history.length - 1; i >= 0; i--) {
    const entry = state.history[i];
    if (entry.kind === "error") return entry;
    if (entry.kind === "user") return null; // errors before the person's last message are old news
  }
  return null;
}

function errorDetail(state: State): string {
  const failure = readRunFailure(state);
  if (failure) return friendlyErrorText(failure);
  const entry = lastErrorEntry(state);
  if (entry) return friendlyErrorText({ name: entry.name, message: entry.text });
  return "The run ended with an error. Press Continue to try again.";
}

function reasonOf(state: State): string {
  const entry = lastErrorEntry(state);
  if (!entry) return "";
  if (entry.name === "ServiceShuttingDownError") return " because Alpine was quitting";
  if (entry.name === "StoppedByPersonError" || entry.name === "AbortError") return " (Stop was pressed)";
  return ` (${entry.name})`;
}
