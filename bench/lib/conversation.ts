/**
 * Conversations built directly as the store sees them: history entries as plain JSON and a
 * snapshot, the shapes the Agent passes to `Store.write`. Used to grow a conversation to a
 * given length quickly, without running thousands of model turns.
 */
import type { EntryRecord } from "../../src/main/agent/state/history";
import { type AgentFingerprint, SNAPSHOT_VERSION, type Snapshot } from "../../src/main/agent/state/snapshot";
import { BENCH_MODEL, benchFingerprint } from "./bench-agent";
import type { TextSource } from "./text";

const MODEL = BENCH_MODEL;
const START = Date.parse("2025-01-01T00:00:00.000Z");

/** A fixed clock so entries are alike from run to run: one second per entry. */
export function timeOf(seq: number): string {
  return new Date(START + seq * 1000).toISOString();
}

export function userEntry(seq: number, text: string): EntryRecord {
  return { seq, kind: "user", text, at: timeOf(seq), error: null } as EntryRecord;
}

export function assistantEntry(seq: number, text: string): EntryRecord {
  return {
    seq,
    kind: "assistant",
    text,
    at: timeOf(seq),
    error: null,
    content: [{ type: "text", text }],
    stopReason: "end_turn",
    model: MODEL,
    usage: { inputTokens: 1200, outputTokens: 100 },
  } as EntryRecord;
}

/** Entries `from` .. `from + count - 1`, alternating the person and the model. */
export function entries(from: number, count: number, text: TextSource, chars: number): EntryRecord[] {
  const out: EntryRecord[] = [];
  for (let seq = from; seq < from + count; seq++) {
    out.push(seq % 2 === 0 ? userEntry(seq, text.text(chars)) : assistantEntry(seq, text.text(chars)));
  }
  return out;
}

const fingerprint = benchFingerprint();

/** `agent`: the Agent that saved it (default: the benchmarks' one), so loading it warns of no change. */
export function snapshotOf(id: string, task: string, entryCount: number, agent: AgentFingerprint = fingerprint): Snapshot {
  return {
    version: SNAPSHOT_VERSION,
    id,
    task,
    title: task,
    data: {},
    stoppedBy: "end_turn",
    answer: null,
    pendingAsk: null,
    createdAt: timeOf(0),
    updatedAt: timeOf(Math.max(0, entryCount - 1)),
    entryCount,
    excluded: [],
    agent,
  };
}

/** Raw text of entries: the characters a person and the model actually wrote, in UTF-8 bytes. */
export function rawTextBytes(records: readonly { text: string }[]): number {
  return records.reduce((sum, record) => sum + Buffer.byteLength(record.text), 0);
}
