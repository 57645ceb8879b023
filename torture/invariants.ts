/**
 * The promises checked after every stop (a kill, a SIGTERM, a failed save) and at the end
 * of every run:
 * - the State loads;
 * - every acknowledged entry is stored, unchanged;
 * - a tool call that was running when the process was killed has exactly the unknown result;
 * - after SIGTERM, no call is left open: each got `(aborted: ...)`, and the save was complete;
 * - no tool call ran twice (from the side-effects file, outside the store);
 * - at the end: the conversation finished, every call has one result, a result says "done"
 *   or "error" only for a call that really ran.
 */
import { UNKNOWN_RESULT_TEXT, type EntryRecord, type HistoryEntry } from "../src/main/agent/state/history";
import type { State } from "../src/main/agent/state/state";
import type { StoredRecord } from "../src/main/agent/state/snapshot";
import type { Store } from "../src/main/agent/stores/store";
import { readAcks } from "./ack-log";
import { canonicalJson } from "./canonical-json";
import { callsRunTwice, readSideEffects } from "./side-effects";

export interface CheckResult {
  /** Seqs of acknowledged entries missing or changed. */
  lost: number[];
  /** Calls that started more than once (counted by the final check only; the file is cumulative). */
  twice: number;
  failures: string[];
  /** The State as loaded, when it loaded. */
  state: State | null;
  /** Calls that were open in the stored record (running when the process stopped). */
  openCalls: string[];
}

/** Tool calls in the stored entries without a result (the `ask` tool waits for the person, not counted). */
export function openCallsOf(entries: readonly { kind: string; [key: string]: any }[]): Map<string, string> {
  const open = new Map<string, string>();
  for (const entry of entries) {
    if (entry.kind === "assistant") {
      for (const block of entry.content ?? []) if (block.type === "tool_use" && block.name !== "ask") open.set(block.id, block.name);
    } else if (entry.kind === "tool_result") open.delete(entry.callId);
    else if (entry.kind === "user" && entry.answersCallId) open.delete(entry.answersCallId);
  }
  return open;
}

const withoutError = (entry: HistoryEntry | EntryRecord) => canonicalJson({ ...entry, error: null });

/** Acknowledged entries missing from `entries` or different there. */
export function lostAcks(ackFile: string, stateId: string, entries: readonly (HistoryEntry | EntryRecord)[]): LostEntry[] {
  const bySeq = new Map(entries.map((entry) => [entry.seq, entry]));
  const lost = new Map<number, string>();
  for (const ack of readAcks(ackFile)) {
    if (ack.stateId !== stateId || lost.has(ack.seq)) continue;
    const stored = bySeq.get(ack.seq);
    if (!stored) lost.set(ack.seq, `acknowledged entry seq ${ack.seq} is missing`);
    else if (withoutError(stored) !== canonicalJson(JSON.parse(ack.json))) {
      lost.set(ack.seq, `acknowledged entry seq ${ack.seq} changed: was ${ack.json.slice(0, 300)}, is ${withoutError(stored).slice(0, 300)}`);
    }
  }
  return [...lost].map(([seq, problem]) => ({ seq, problem }));
}

export interface LostEntry {
  seq: number;
  problem: string;
}

export function twiceRun(sideEffectsFile: string): string[] {
  return [...callsRunTwice(readSideEffects(sideEffectsFile))].map(([callId, count]) => `tool call ${callId} started ${count} times`);
}

export interface StopCheck {
  store: Store;
  stateId: string;
  ackFile: string;
  sideEffectsFile: string;
  /** How the process stopped: a kill leaves unknown results to fill in; SIGTERM closes calls itself. */
  stop: "kill" | "sigterm" | "fault";
}

/** Read, load and check a State after its process stopped. */
export async function checkAfterStop(check: StopCheck): Promise<CheckResult> {
  const { store, stateId, ackFile, sideEffectsFile } = check;
  const failures: string[] = [];
  const result: CheckResult = { lost: [], twice: 0, failures, state: null, openCalls: [] };
  let record: StoredRecord | null;
  try {
    record = await store.read(stateId);
  } catch (error) {
    failures.push(`the store could not be read after a ${check.stop}: ${String(error)}`);
    return result;
  }
  if (!record) {
    const acked = readAcks(ackFile).filter((ack) => ack.stateId === stateId);
    if (acked.length > 0) {
      result.lost = [...new Set(acked.map((ack) => ack.seq))];
      failures.push(`the State is gone after a ${check.stop}, with ${acked.length} acknowledged entries`);
    }
    return result;
  }
  const lost = lostAcks(ackFile, stateId, record.entries);
  result.lost = lost.map((l) => l.seq);
  failures.push(...lost.map((l) => l.problem));
  record.entries.forEach((entry, i) => {
    if (entry.seq !== i) failures.push(`stored entries are not 0..n-1: position ${i} holds seq ${entry.seq}`);
  });

  const open = openCallsOf(record.entries);
  result.openCalls = [...open.keys()];
  if (check.stop === "sigterm") {
    if (open.size > 0) failures.push(`after SIGTERM, calls were left open: ${[...open.keys()].join(", ")}`);
    if (record.snapshot && record.snapshot.entryCount !== record.entries.length) {
      failures.push(`after SIGTERM the last save was incomplete: snapshot covers ${record.snapshot.entryCount} of ${record.entries.length} entries`);
    }
    for (const entry of record.entries) {
      if (entry.kind === "tool_result" && (entry as any).status === "aborted" && !/^\(aborted: [A-Za-z]\w*\)$/.test(entry.text)) {
        failures.push(`an aborted call's result reads ${JSON.stringify(entry.text)}, not "(aborted: <ErrorName>)"`);
      }
    }
  }

  try {
    result.state = await store.load(stateId);
  } catch (error) {
    failures.push(`the State does not load after a ${check.stop}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
  if (result.state) {
    const history = result.state.history;
    for (const l of lostAcks(ackFile, stateId, history)) {
      if (result.lost.includes(l.seq)) continue;
      result.lost.push(l.seq);
      failures.push(`in the loaded State: ${l.problem}`);
    }
    for (const [callId, name] of open) {
      const results = history.filter((e) => e.kind === "tool_result" && e.callId === callId);
      const namedByNotice = history.some((e) => e.kind === "notice" && e.calls?.some((c) => c.id === callId));
      if (results.length !== 1 && !namedByNotice) {
        failures.push(`the running call ${name} ${callId} has ${results.length} results after loading, not 1`);
      } else if (results.length === 1 && (results[0].text !== UNKNOWN_RESULT_TEXT || (results[0] as any).status !== "unknown")) {
        failures.push(`the running call ${name} ${callId} got ${JSON.stringify(results[0].text)} (status ${(results[0] as any).status}), not the unknown result`);
      }
    }
  }
  return result;
}

export interface FinishCheck {
  store: Store;
  stateId: string;
  ackFile: string;
  sideEffectsFile: string;
  /** Calls that were running at some kill: each must have kept exactly the unknown result. */
  unknownCalls: ReadonlySet<string>;
  finished: (state: State) => boolean;
}

/** The end of a run: everything saved, every call answered once, nothing run twice. */
export async function checkFinished(check: FinishCheck): Promise<CheckResult> {
  const { store, stateId } = check;
  const failures: string[] = [];
  const result: CheckResult = { lost: [], twice: 0, failures, state: null, openCalls: [] };
  const twice = twiceRun(check.sideEffectsFile);
  result.twice = twice.length;
  failures.push(...twice);
  let record: StoredRecord | null = null;
  try {
    record = await store.read(stateId);
    result.state = await store.load(stateId);
  } catch (error) {
    failures.push(`the finished State does not load: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
  if (!record || !result.state) {
    if (!record) failures.push("the finished State is not in the store");
    return result;
  }
  const lost = lostAcks(check.ackFile, stateId, record.entries);
  result.lost = lost.map((l) => l.seq);
  failures.push(...lost.map((l) => l.problem));
  if (record.snapshot?.entryCount !== record.entries.length) {
    failures.push(`the last save is incomplete: the snapshot covers ${record.snapshot?.entryCount} of ${record.entries.length} entries`);
  }
  if (!check.finished(result.state)) failures.push(`the conversation did not finish (stoppedBy ${result.state.stoppedBy})`);

  const history = result.state.history;
  const ran = new Set(readSideEffects(check.sideEffectsFile).filter((e) => e.phase === "start").map((e) => e.callId));
  const calls = new Map<string, string>();
  for (const entry of history) {
    if (entry.kind === "assistant") for (const b of entry.content) if (b.type === "tool_use") calls.set(b.id, b.name);
  }
  for (const [callId, name] of calls) {
    const results = history.filter((e) => e.kind === "tool_result" && e.callId === callId);
    const namedByNotice = history.some((e) => e.kind === "notice" && e.calls?.some((c) => c.id === callId));
    if (results.length !== 1 && !(results.length === 0 && namedByNotice)) {
      failures.push(`call ${name} ${callId} has ${results.length} results, not 1`);
    }
    for (const r of results) {
      const status = (r as { status?: string }).status;
      if ((status === "done" || status === "error") && !ran.has(callId)) failures.push(`call ${callId} has a ${status} result but never ran`);
    }
    if (check.unknownCalls.has(callId) && results.some((r) => r.text !== UNKNOWN_RESULT_TEXT)) {
      failures.push(`call ${callId} was running at a kill but ended with ${JSON.stringify(results.map((r) => r.text))}`);
    }
  }
  return result;
}

/** Differences between what the store has and the State in memory (after a save, there are none). */
export async function storeDiffersFromMemory(store: Store, state: State): Promise<string[]> {
  const record = await store.read(state.id);
  if (!record) return [`State "${state.id}" is not in the store`];
  const problems: string[] = [];
  if (record.entries.length !== state.history.length) {
    problems.push(`the store has ${record.entries.length} entries, memory ${state.history.length}`);
  }
  state.history.forEach((entry, i) => {
    const stored = record.entries[i];
    if (stored && withoutError(stored) !== withoutError(entry)) problems.push(`entry ${i} differs: stored ${withoutError(stored).slice(0, 200)}`);
  });
  if (record.snapshot?.entryCount !== state.history.length) {
    problems.push(`the stored snapshot covers ${record.snapshot?.entryCount} entries, memory has ${state.history.length}`);
  }
  if (record.snapshot && record.snapshot.stoppedBy !== state.stoppedBy) {
    problems.push(`the stored snapshot says stoppedBy ${record.snapshot.stoppedBy}, memory ${state.stoppedBy}`);
  }
  return problems;
}
