/**
 * Plain history entries and snapshots as the Agent hands them to a store, built the
 * same way in tests and in child processes so both sides know what was saved.
 */
import type { EntryRecord } from "../../src/main/agent/state/history";
import { type BranchPoint, SNAPSHOT_VERSION, type Snapshot, type StoppedBy } from "../../src/main/agent/state/snapshot";

const BASE_TIME = Date.parse("2025-03-01T10:00:00.000Z");

/** A fixed ISO time `minutes` after a base time, so order is known and stable. */
export function isoAt(minutes: number): string {
  return new Date(BASE_TIME + minutes * 60_000).toISOString();
}

export interface SnapshotFields {
  entryCount: number;
  updatedAt?: string;
  createdAt?: string;
  task?: string;
  title?: string;
  stoppedBy?: StoppedBy;
  data?: unknown;
  /** A frozen fixture's older version (the current one when left out). */
  version?: Snapshot["version"];
  /** A branch: its fork point and conversation. */
  parent?: BranchPoint;
  conversationId?: string;
}

export function makeSnapshot(id: string, fields: SnapshotFields): Snapshot {
  const task = fields.task ?? `Task of ${id}`;
  return {
    version: fields.version ?? SNAPSHOT_VERSION,
    id,
    ...(fields.parent || fields.conversationId ? { conversationId: fields.conversationId ?? id, parent: fields.parent ?? null } : {}),
    task,
    title: fields.title ?? task,
    data: fields.data ?? {},
    stoppedBy: fields.stoppedBy ?? null,
    answer: null,
    pendingAsk: null,
    createdAt: fields.createdAt ?? isoAt(0),
    updatedAt: fields.updatedAt ?? isoAt(fields.entryCount),
    entryCount: fields.entryCount,
    excluded: [],
    agent: null,
  };
}

export function userEntry(seq: number, text: string): EntryRecord {
  return { seq, kind: "user", text, at: isoAt(seq), error: null };
}

export function assistantEntry(seq: number, text: string, call?: { id: string; name: string; input: unknown }): EntryRecord {
  const content: unknown[] = [{ type: "text", text }];
  if (call) content.push({ type: "tool_use", id: call.id, name: call.name, input: call.input });
  return {
    seq,
    kind: "assistant",
    text,
    at: isoAt(seq),
    error: null,
    content,
    stopReason: call ? "tool_use" : "end_turn",
    model: "claude-test",
  } as EntryRecord;
}

export function toolResultEntry(seq: number, callId: string, name: string, text: string): EntryRecord {
  return { seq, kind: "tool_result", text, at: isoAt(seq), error: null, callId, name, status: "done" } as EntryRecord;
}

/**
 * Entry `seq` of a made-up conversation: a user message, an assistant turn calling a
 * tool, the tool's result, again and again. The same seq and salt give the same entry.
 */
export function entryAt(seq: number, salt = ""): EntryRecord {
  const turn = Math.floor(seq / 3);
  const callId = `call_${salt}${turn}`;
  switch (seq % 3) {
    case 0:
      return userEntry(seq, `Message ${seq}${salt}: please look at file ${turn}.`);
    case 1:
      return assistantEntry(seq, `Reading file ${turn}.`, { id: callId, name: "read_file", input: { path: `file-${turn}.txt` } });
    default:
      return toolResultEntry(seq, callId, "read_file", `Contents of file ${turn}${salt}: ${"lorem ipsum ".repeat(8)}`);
  }
}

/** Entries 0 .. count-1 of that conversation. */
export function entriesUpTo(count: number, salt = ""): EntryRecord[] {
  return Array.from({ length: count }, (_, seq) => entryAt(seq, salt));
}
