/**
 * Restore: rebuild a State from what a store read. The State continues from the last
 * steps that were saved:
 * - entries written after the last snapshot (a save that stopped halfway) are replayed
 *   when they are plain steps; when they hold a compaction, which cannot be replayed, the
 *   State continues from the last complete save: that tail is excluded from the context
 *   and a notice names the tool calls that may or may not have run;
 * - a tool call without a result gets UNKNOWN_RESULT_TEXT (saved by the next save);
 *   the tool is not run again. An open `ask` (or a tool's `askPerson`) waits for the person's
 *   answer instead, and a tool's answered question waits for its run with the answer.
 */
import { SchemaTooNewError, StateNotFoundError, StoreCorruptError } from "../errors";
import { type EntryRecord, type HistoryEntry, UNKNOWN_RESULT_TEXT } from "./history";
import { openCalls } from "./open-calls";
import { ASK_TOOL } from "./reserved-tools";
import { OLDEST_SNAPSHOT_VERSION, SNAPSHOT_VERSION, type BranchPoint, type Snapshot, type StoredRecord, conversationIdOf } from "./snapshot";
import { State, appendEntry, placeInTree, replaceHistory, stateBook } from "./state";
import type { StoreAccess } from "./store-contract";

/** What a branch inherits: its ancestors' entries through the fork point, and the fork points, nearest first. */
export interface Inherited {
  entries: EntryRecord[];
  lineage: BranchPoint[];
}

export function restoreState(store: StoreAccess, stateId: string, record: StoredRecord | null, inherited: Inherited = { entries: [], lineage: [] }): State {
  if (!record) throw new StateNotFoundError(stateId);
  const where = `${store.describe()} State "${stateId}"`;
  const snapshot = checkSnapshot(record.snapshot, where);
  const entries = checkEntries(inherited.entries.length > 0 ? inherited.entries.concat(record.entries) : record.entries, where);

  const state = new State(snapshot.task, { id: snapshot.id, title: snapshot.title, data: snapshot.data });
  Object.assign(state, { createdAt: snapshot.createdAt, updatedAt: snapshot.updatedAt });
  state.stoppedBy = snapshot.stoppedBy;
  state.answer = snapshot.answer ?? null;
  state.pendingAsk = snapshot.pendingAsk ?? null;
  state.answeredAsk = snapshot.answeredAsk ?? null;
  state.thinking = snapshot.thinking ?? null;
  state.excluded = (snapshot.excluded ?? []).map(([from, to]) => [from, to]);
  replaceHistory(state, entries);
  placeInTree(state, conversationIdOf(snapshot), inherited.lineage);

  const book = state[stateBook];
  book.isNew = false;
  book.createToken = snapshot.createToken ?? book.createToken;
  book.revisions = new Set([snapshot.updatedAt]);
  book.sentEntries = entries.length;
  book.storeKey = store.storeKey;
  book.acknowledged = entries.length;
  book.agent = snapshot.agent ?? null;
  book.loadedAgent = snapshot.agent ?? null;
  // Which branch was last shown is the store's, not the State's: a save leaves it out (its own time is later).
  const { updatedAt: _updatedAt, shownAt: _shownAt, ...body } = snapshot;
  book.savedSnapshotJson = JSON.stringify(body);

  if (snapshot.entryCount > entries.length) {
    throw new StoreCorruptError(where, `the snapshot covers ${snapshot.entryCount} entries but only ${entries.length} are stored`);
  }
  const covered = snapshot.entryCount;
  const tail = entries.slice(covered);
  if (tail.length > 0) {
    // The last save stopped between its entries and its snapshot: the run was mid-way.
    state.stoppedBy = null;
    if (tail.some((e) => e.kind === "compaction")) continueFromLastCompleteSave(state, covered, tail);
    else takeAnswerSavedWithoutSnapshot(state, tail);
  }
  closeCallsOfStoppedProcess(state);
  return state;
}

function continueFromLastCompleteSave(state: State, covered: number, tail: HistoryEntry[]): void {
  const last = tail[tail.length - 1].seq;
  state.excluded.push([covered, last]);
  // Calls made in the missing steps, and calls whose result is only in them, may or may not have run.
  const calls = new Map<string, string>();
  for (const entry of tail) {
    if (entry.kind === "assistant") for (const b of entry.content) if (b.type === "tool_use") calls.set(b.id, b.name);
  }
  for (const call of openCalls(state)) calls.set(call.id, call.name);
  const named = [...calls].map(([id, name]) => ({ id, name }));
  const list = named.map((c) => `${c.name} (call ${c.id})`).join(", ");
  const text =
    `The steps after seq ${covered - 1} were not completely saved and are left out of this conversation. ` +
    (named.length > 0
      ? `These tool calls may or may not have run: ${list}. Check whether they took effect before relying on them or running them again.`
      : "No tool calls were among them.");
  closeCallsOfStoppedProcess(state);
  appendEntry(state, { kind: "notice", text, calls: named });
}

/**
 * The person's answer to a tool's question was saved but the snapshot after it was not (the
 * process stopped between the two writes): the tool has not been run again yet, so the
 * answer stands and the next run gives it to the tool.
 */
function takeAnswerSavedWithoutSnapshot(state: State, tail: HistoryEntry[]): void {
  const ask = state.pendingAsk;
  if (!ask?.tool) return;
  const answer = tail.find((e) => e.kind === "user" && e.answersTool && e.answersCallId === ask.callId);
  if (!answer) return;
  state.answeredAsk = { callId: ask.callId, tool: ask.tool, question: ask.question, ...(ask.choices ? { choices: ask.choices } : {}), answer: answer.text };
  state.pendingAsk = null;
}

/**
 * Calls left without a result by a killed process get the unknown result. An open question
 * stays open, and so does a tool's call whose question was answered but which has not been
 * run again (its run clears `answeredAsk` and saves first, so a call killed while running
 * again is closed here as unknown).
 */
export function closeCallsOfStoppedProcess(state: State): void {
  const open = openCalls(state);
  const lastAssistant = open.reduce((max, c) => Math.max(max, c.assistantSeq), -1);
  let ask = state.pendingAsk && open.some((c) => c.id === state.pendingAsk!.callId) ? state.pendingAsk : null;
  const answered = state.answeredAsk && open.some((c) => c.id === state.answeredAsk!.callId) ? state.answeredAsk : null;
  for (const call of open) {
    if (answered?.callId === call.id) continue;
    if (!ask && !answered && call.name === ASK_TOOL && call.assistantSeq === lastAssistant) {
      const input = (call.input ?? {}) as { question?: unknown; choices?: unknown };
      ask = {
        callId: call.id,
        question: String(input.question ?? ""),
        ...(Array.isArray(input.choices) ? { choices: input.choices.map(String) } : {}),
      };
    }
    if (ask?.callId === call.id) continue;
    appendEntry(state, { kind: "tool_result", callId: call.id, name: call.name, status: "unknown", text: UNKNOWN_RESULT_TEXT });
  }
  state.pendingAsk = ask;
  state.answeredAsk = answered;
}

function checkSnapshot(snapshot: Snapshot | null, where: string): Snapshot {
  if (!snapshot || typeof snapshot !== "object") throw new StoreCorruptError(where, "it has history but no snapshot");
  const version = (snapshot as { version?: unknown }).version;
  if (typeof version === "number" && Number.isInteger(version) && version > SNAPSHOT_VERSION) {
    throw new SchemaTooNewError(where, version, SNAPSHOT_VERSION);
  }
  if (typeof version !== "number" || !Number.isInteger(version) || version < OLDEST_SNAPSHOT_VERSION || version > SNAPSHOT_VERSION) throw new StoreCorruptError(where, `unknown snapshot version ${JSON.stringify(version)}`);
  for (const key of ["id", "task", "createdAt", "updatedAt"] as const) {
    if (typeof snapshot[key] !== "string") throw new StoreCorruptError(where, `the snapshot has no ${key}`);
  }
  if (!Number.isInteger(snapshot.entryCount) || snapshot.entryCount < 1) throw new StoreCorruptError(where, "the snapshot has no entryCount");
  return snapshot;
}

function checkEntries(records: EntryRecord[], where: string): HistoryEntry[] {
  if (!Array.isArray(records) || records.length === 0) throw new StoreCorruptError(where, "it has no history entries");
  return records.map((record, i) => {
    if (!record || record.seq !== i || typeof record.kind !== "string" || typeof record.text !== "string") {
      throw new StoreCorruptError(where, `history entry ${i} is missing or malformed (entries must have seq 0, 1, 2, ...)`);
    }
    // Stored entries already say error: null; only an entry that does not is copied (no copy per entry on load).
    return (record.error === null ? record : { ...record, error: null }) as HistoryEntry;
  });
}
