/**
 * What the window sees of a conversation: plain JSON built from a State, with how its
 * last run ended when it did not end by itself (the banner with Continue).
 */
import { type AnsweredAsk, type ApprovalKey, ApprovalSealer, type HistoryEntry, type PendingAsk, type State } from "../../agent";
import type { BranchFork, ConversationSummary, ConversationView, Interruption } from "../../../shared/view-types";
import type { EntryRecord } from "../../../shared/wire-types";
import { withTextOnce } from "../../../shared/reply-text";
import { friendlyErrorText } from "../runs/friendly-errors";
import { newestPage } from "./history-pages";
import { runFailureIn } from "../runs/run-failure";
import { isWaitingForKey } from "../runs/key-wait";

/** What a conversation whose message waits for the API key says: a first step, not a failure. */
export const WAITING_FOR_KEY_TEXT = "Your message is saved. Add your Anthropic API key in Settings and it is sent right away.";

export const ASK_AGAIN_TEXT =
  "This conversation's question was not asked on this computer (it came with an imported or shared conversation, or from an older version of Alpine). Press Continue to be asked again, from what the call would really do.";

/** Whether a stored question and answer were given on this computer (the installation's seal, see approval-seal.ts). */
export interface AskChecks {
  askHolds(ask: PendingAsk): boolean;
  answerHolds(answered: AnsweredAsk): boolean;
}

export function askChecksFor(key: ApprovalKey): AskChecks {
  const sealer = new ApprovalSealer(key);
  return { askHolds: (ask) => sealer.askHolds(ask), answerHolds: (answered) => sealer.answerHolds(answered) };
}

/** The question the window may show: only one asked here; any other is asked again on Continue. */
function shownAsk(ask: PendingAsk | null | undefined, checks: AskChecks): ConversationView["pendingAsk"] {
  if (!ask || !checks.askHolds(ask)) return null;
  return { callId: ask.callId, question: ask.question, ...(ask.choices ? { choices: [...ask.choices] } : {}) };
}

/** A stored question or answer that does not hold here: the run is to ask again. */
export function asksAgain(stored: { pendingAsk?: PendingAsk | null; answeredAsk?: AnsweredAsk | null }, checks: AskChecks): boolean {
  return (!!stored.pendingAsk && !checks.askHolds(stored.pendingAsk)) || (!!stored.answeredAsk && !checks.answerHolds(stored.answeredAsk));
}

/** What a summary shows, from a State or a stored snapshot. */
type SummaryFields = Pick<State, "id" | "conversationId" | "title" | "task" | "createdAt" | "updatedAt" | "stoppedBy">;

/** `waitingForKey`: told by a caller without the State (a stored snapshot); read from the State otherwise. */
export function summaryOf(state: SummaryFields | State, running: boolean, branchCount = 1, waitingForKey?: boolean): ConversationSummary {
  const waiting = waitingForKey ?? ("history" in state ? isWaitingForKey(state) : false);
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
    ...(waiting ? { waitingForKey: true } : {}),
  };
}

/** A history entry as JSON: the live Error object (only ever set in this process) is dropped. */
export function entryRecord(entry: HistoryEntry): EntryRecord {
  return { ...entry, error: null };
}

/**
 * An entry of a view or a step event, where a run's newest reply travels: a model turn's words
 * are sent once (see reply-text.ts). Pages of older entries are sent as stored.
 */
export function viewEntry(entry: HistoryEntry): EntryRecord {
  return withTextOnce(entryRecord(entry));
}

/**
 * `tail`: how many of the newest entries to send (the turn of an open question or of a
 * result in them comes too). The open question is the State's own, a tool's (a file
 * write's Allow / Deny) included.
 */
export function conversationView(state: State, running: boolean, tail: number, checks: AskChecks, forks: BranchFork[] = [], branchCount = 1): ConversationView {
  const ask = state.pendingAsk;
  const page = newestPage(state.history, tail, ask ? [ask.callId] : []);
  return {
    summary: summaryOf(state, running, branchCount),
    entries: page.entries.map(viewEntry),
    firstSeq: page.firstSeq,
    totalEntries: page.totalEntries,
    pendingAsk: running ? null : shownAsk(ask, checks),
    interruption: running ? null : interruptionOf(state, checks),
    loadError: null,
    forks,
  };
}

/** What telling how a run ended needs: a State, or a stored snapshot with its newest entries. */
export interface RunEnd {
  stoppedBy: State["stoppedBy"];
  data: unknown;
  /** The newest entries of the history, consecutive, ending with the last one. */
  newest: readonly HistoryEntry[];
  /** How many entries the whole history has. */
  length: number;
  /** Its question or answer was not given here: the next run asks again. */
  askAgain?: boolean;
}

export function runEndOf(state: State, checks: AskChecks): RunEnd {
  return { stoppedBy: state.stoppedBy, data: state.data, newest: state.history, length: state.history.length, askAgain: asksAgain(state, checks) };
}

/** How the last run stopped when it did not end by itself; null when it did. */
export function interruptionOf(state: State, checks: AskChecks): Interruption | null {
  return interruptionFrom(runEndOf(state, checks));
}

export function interruptionFrom(run: RunEnd): Interruption | null {
  if (run.askAgain) return { kind: "ask_again", detail: ASK_AGAIN_TEXT };
  switch (run.stoppedBy) {
    case null:
      // Every conversation is saved just before its run starts, so a saved State that no
      // run stopped is one whose process ended mid-run (killed, crashed, power cut).
      return {
        kind: "killed",
        detail: "Alpine stopped while this conversation was running. What was saved is shown; press Continue to go on.",
      };
    case "aborted":
      return { kind: "aborted", detail: `The run was stopped before it finished${reasonOf(run)}. Press Continue to go on.` };
    case "error":
      // Waiting for the API key (key-wait.ts): a first step, not a failure.
      if (runFailureIn(run.data, run.length)?.name === "MissingApiKeyError") return { kind: "needs_key", detail: WAITING_FOR_KEY_TEXT };
      return { kind: "error", detail: errorDetail(run) };
    case "max_steps":
      return { kind: "error", detail: "The run reached its step limit before finishing. Press Continue to let it go on." };
    default:
      return null;
  }
}

/**
 * The error entry after the person's last message, if any; `undefined` when `newest` does
 * not reach back far enough to tell (it holds neither that message nor an error).
 */
export function lastErrorEntry(run: RunEnd): Extract<HistoryEntry, { kind: "error" }> | null | undefined {
  for (let i = run.newest.length - 1; i >= 0; i--) {
    const entry = run.newest[i];
    if (entry.kind === "error") return entry;
    if (entry.kind === "user") return null; // errors before the person's last message are old news
  }
  return run.newest.length === run.length ? null : undefined;
}

function errorDetail(run: RunEnd): string {
  const failure = runFailureIn(run.data, run.length);
  if (failure) return friendlyErrorText(failure);
  const entry = lastErrorEntry(run);
  if (entry) return friendlyErrorText({ name: entry.name, message: entry.text });
  return "The run ended with an error. Press Continue to try again.";
}

function reasonOf(run: RunEnd): string {
  const entry = lastErrorEntry(run);
  if (!entry) return "";
  if (entry.name === "ServiceShuttingDownError") return " because Alpine was quitting";
  if (entry.name === "StoppedByPersonError" || entry.name === "AbortError") return " (Stop was pressed)";
  return ` (${entry.name})`;
}
