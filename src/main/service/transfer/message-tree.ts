/**
 * Another program's message tree (each message names its parent) made into Alpine
 * branches: the path to the message the program shows is the root State; every other
 * child where the path parts starts a branch that names its fork point. Iterative, so a
 * conversation of any length cannot exhaust the stack.
 */
import { createHash } from "node:crypto";
import { SNAPSHOT_VERSION, type EntryRecord } from "../../agent";
import { cleanTitle } from "../../../shared/title-text";
import type { ForkPoint, ImportedFrom, PortableBranch, PortableConversation, TreeSnapshot } from "./portable";

/** An entry before it gets its place in a branch. */
export type EntryDraft = { kind: EntryRecord["kind"]; at: string; text: string; [key: string]: unknown };

export interface TreeMessage {
  id: string;
  /** null (or an id not in the conversation) for a first message. */
  parentId: string | null;
  /** What the message becomes in Alpine's history (none for a hidden or empty message). */
  entries: EntryDraft[];
}

export interface SourceConversation {
  from: ImportedFrom;
  title: string;
  createdAt: string;
  updatedAt: string;
  /** In the program's order (children keep it). */
  messages: TreeMessage[];
  /** The message the program shows last; null: the newest leaf. */
  currentId: string | null;
}

interface Draft {
  index: number;
  parent: { branch: Draft; seq: number } | null;
  firstSeq: number;
  entries: EntryRecord[];
}

/** A State id for an imported conversation: stable for the same source id, so a second import finds it. */
export function importedStateId(from: ImportedFrom): string {
  const safe = /^[A-Za-z0-9_-]{1,100}$/.test(from.id) ? from.id : createHash("sha256").update(from.id).digest("hex").slice(0, 40);
  return `${from.source}-${safe}`;
}

/** The conversation's branches; null when it has no message at all. */
export function conversationFromTree(source: SourceConversation): PortableConversation | null {
  const byId = new Map(source.messages.map((m) => [m.id, m]));
  const children = new Map<string | null, TreeMessage[]>();
  for (const message of source.messages) {
    const parent = message.parentId !== null && byId.has(message.parentId) && message.parentId !== message.id ? message.parentId : null;
    let list = children.get(parent);
    if (!list) children.set(parent, (list = []));
    list.push(message);
  }
  const shown = shownPath(source, byId, children);
  const drafts: Draft[] = [];
  const starts: { message: TreeMessage; parent: Draft["parent"]; nextSeq: number }[] = [];
  const roots = children.get(null) ?? [];
  const first = roots.find((m) => shown.has(m.id)) ?? roots.at(-1);
  if (!first) return null;
  starts.push({ message: first, parent: null, nextSeq: 0 });
  for (const other of roots) if (other !== first) starts.push({ message: other, parent: null, nextSeq: 0 });
  let visited = 0;
  while (starts.length > 0) {
    const start = starts.shift()!;
    const draft: Draft = { index: drafts.length, parent: start.parent, firstSeq: start.nextSeq, entries: [] };
    drafts.push(draft);
    let message: TreeMessage | undefined = start.message;
    while (message) {
      if (++visited > source.messages.length) throw new TypeError("its messages form a loop");
      for (const entry of message.entries) {
        // A State's history starts with the person's message (its task): one is added when the program's does not.
        if (draft.firstSeq === 0 && draft.entries.length === 0 && entry.kind !== "user") draft.entries.push(opening(source.title, entry.at));
        draft.entries.push({ ...entry, seq: draft.firstSeq + draft.entries.length, error: null } as EntryRecord);
      }
      const next: TreeMessage[] = children.get(message.id) ?? [];
      const chosen: TreeMessage | undefined = next.find((m) => shown.has(m.id)) ?? next.at(-1);
      const lastSeq = draft.firstSeq + draft.entries.length - 1;
      for (const other of next) if (other !== chosen) starts.push({ message: other, parent: { branch: draft, seq: lastSeq }, nextSeq: lastSeq + 1 });
      message = chosen;
    }
  }
  // A root that starts a second tree (several first messages) becomes a branch of the first, before its first message.
  for (const draft of drafts.slice(1)) if (draft.parent === null) draft.parent = { branch: drafts[0], seq: -1 };
  if (drafts[0].entries.length === 0) return null;
  return buildConversation(source, drafts.filter((d, i) => i === 0 || d.entries.length > 0));
}

function opening(title: string, at: string): EntryRecord {
  return { seq: 0, at, kind: "user", text: `(${title || "Imported conversation"})`, error: null } as EntryRecord;
}

/** The ids on the path from a first message to the shown one. */
function shownPath(source: SourceConversation, byId: Map<string, TreeMessage>, children: Map<string | null, TreeMessage[]>): Set<string> {
  let current = source.currentId !== null ? byId.get(source.currentId) : undefined;
  if (!current) {
    // No mark: the last leaf in the program's order.
    current = [...source.messages].reverse().find((m) => !(children.get(m.id)?.length));
  }
  const path = new Set<string>();
  while (current && !path.has(current.id)) {
    path.add(current.id);
    current = current.parentId !== null ? byId.get(current.parentId) : undefined;
  }
  return path;
}

function buildConversation(source: SourceConversation, drafts: Draft[]): PortableConversation {
  const rootId = importedStateId(source.from);
  const ids = new Map(drafts.map((d, i) => [d, i === 0 ? rootId : `${rootId}_${i}`]));
  const branches: PortableBranch[] = [];
  const rootTask = drafts[0].entries[0].text;
  for (const draft of drafts) {
    const point = draft.parent && forkPoint(draft.parent.branch, draft.parent.seq, ids);
    const task = draft.firstSeq === 0 ? draft.entries[0].text : rootTask;
    branches.push({ snapshot: snapshotOf(source, { id: ids.get(draft)!, rootId, parent: point, task }, draft), entries: draft.entries });
  }
  markShown(branches);
  return { id: rootId, branches };
}

/** The owner of seq `seq`: a fork at a point its branch inherited names the ancestor that holds it. */
function forkPoint(branch: Draft, seq: number, ids: Map<Draft, string>): ForkPoint {
  let owner = branch;
  while (owner.parent && (seq === -1 || seq < owner.firstSeq)) owner = owner.parent.branch;
  return { id: ids.get(owner)!, seq };
}

interface BranchPlace {
  id: string;
  rootId: string;
  parent: ForkPoint | null;
  task: string;
}

function snapshotOf(source: SourceConversation, place: BranchPlace, draft: Draft): TreeSnapshot {
  const entries = draft.entries;
  return {
    version: SNAPSHOT_VERSION,
    id: place.id,
    conversationId: place.rootId,
    parent: place.parent,
    task: place.task,
    title: cleanTitle(source.title) || cleanTitle(place.task).slice(0, 80) || "Imported conversation",
    data: { importedFrom: source.from },
    stoppedBy: "end_turn",
    answer: null,
    pendingAsk: null,
    createdAt: entries[0]?.at ?? source.createdAt,
    updatedAt: entries.at(-1)?.at ?? source.updatedAt,
    entryCount: draft.firstSeq + entries.length,
    excluded: [],
    agent: null,
  };
}

/** The shown branch is the one updated last (docs/branches.md): the root, which holds the program's shown path. */
function markShown(branches: PortableBranch[]): void {
  const latest = branches.reduce((max, b) => (b.snapshot.updatedAt > max ? b.snapshot.updatedAt : max), "");
  const shownAt = Date.parse(latest);
  branches[0].snapshot.updatedAt = latest;
  for (const branch of branches.slice(1)) {
    if (branch.snapshot.updatedAt >= latest) branch.snapshot.updatedAt = new Date(shownAt - 1).toISOString();
  }
}
