/**
 * Conversations with branches written through the Store contract, as the library saves
 * them: a root, a regenerate, an edit, a branch of a branch, an edit of the first message,
 * a branch into a new conversation, and a plain conversation.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SNAPSHOT_VERSION, SqliteStore, type EntryRecord, type Snapshot } from "../../../src/main/agent";
import { assistantEntry, entryAt, isoAt, userEntry } from "../../store/records";

export function tempFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "alpine-transfer-"));
}

export function openStore(folder: string, name = "alpine.db"): SqliteStore {
  return new SqliteStore(path.join(folder, name));
}

interface BranchSpec {
  id: string;
  conversationId: string;
  parent: { id: string; seq: number } | null;
  entries: EntryRecord[];
  updatedAt: string;
  task?: string;
  title?: string;
}

function snapshotOf(spec: BranchSpec): Snapshot {
  const firstSeq = spec.parent ? spec.parent.seq + 1 : 0;
  const task = spec.task ?? "Look at the files";
  return {
    version: SNAPSHOT_VERSION,
    id: spec.id,
    conversationId: spec.conversationId,
    parent: spec.parent,
    task,
    title: spec.title ?? "Files review",
    data: { note: spec.id },
    stoppedBy: "end_turn",
    answer: null,
    pendingAsk: null,
    createdAt: spec.entries[0]?.at ?? isoAt(firstSeq),
    updatedAt: spec.updatedAt,
    entryCount: firstSeq + spec.entries.length,
    excluded: [],
    agent: null,
  } as Snapshot;
}

function range(from: number, to: number, salt = ""): EntryRecord[] {
  const out: EntryRecord[] = [];
  for (let seq = from; seq <= to; seq++) out.push(entryAt(seq, salt));
  return out;
}

export const TREE_BRANCHES: BranchSpec[] = [
  { id: "root1", conversationId: "root1", parent: null, entries: range(0, 8), updatedAt: isoAt(100) },
  // A regenerate after the person's message at seq 3.
  { id: "regen1", conversationId: "root1", parent: { id: "root1", seq: 3 }, entries: [assistantEntry(4, "Another answer.")], updatedAt: isoAt(200) },
  // An edit: a new message after seq 5, then a reply.
  { id: "edit1", conversationId: "root1", parent: { id: "root1", seq: 5 }, entries: [userEntry(6, "Edited question"), assistantEntry(7, "Edited answer.")], updatedAt: isoAt(150) },
  // A branch of the regenerate.
  { id: "regen2", conversationId: "root1", parent: { id: "regen1", seq: 4 }, entries: [userEntry(5, "Go on from the other answer")], updatedAt: isoAt(120) },
  // The very first message edited.
  { id: "first1", conversationId: "root1", parent: { id: "root1", seq: -1 }, entries: [userEntry(0, "A different start")], updatedAt: isoAt(90), task: "A different start" },
  // A new conversation whose past is root1 through seq 2.
  { id: "newconv", conversationId: "newconv", parent: { id: "root1", seq: 2 }, entries: [userEntry(3, "Separately: what else?")], updatedAt: isoAt(300), title: "Spin-off" },
  { id: "plain", conversationId: "plain", parent: null, entries: range(0, 4, "p"), updatedAt: isoAt(50), task: "Plain task", title: "Plain" },
];

export async function writeTree(store: SqliteStore, specs = TREE_BRANCHES): Promise<void> {
  for (const spec of specs) await store.write(spec.id, spec.entries, snapshotOf(spec), { create: true });
}

export function writeFile(folder: string, name: string, text: string): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, text);
  return file;
}
