/**
 * The lines of index.jsonl (see list-index.ts), and what replaying them gives: the list
 * line of every State, by id.
 *
 * Version 2 starts with a header line naming the format, its version and a random name of
 * this very file (so a reader notices the file was replaced, even by one that reuses its
 * inode). Then one short line per change, with one-letter keys:
 *
 *   {"i":id,"k":task,"t":title,"c":createdAt,"u":updatedAt,"s":stoppedBy,"n":entryCount}
 *       a State's whole list line ("t" left out when the title is the task); with "h":1
 *       it is a repair, which only counts when the index does not list that State.
 *       Version 3 adds, to a branch's line, "v": its conversation (left out when it is the
 *       id), "p": [parent id, fork seq], and "r":1 on a State retained for another conversation.
 *       "w": when a person last chose to see the branch (its shownAt), on this line and the next;
 *       an older reader skips the key, which only picks the branch a conversation shows
 *   {"i":id,"u":updatedAt,"s":stoppedBy,"n":entryCount}   a save that changed only these (and "w")
 *   {"i":id,"d":1}                                         the State was deleted
 *
 * Version 1 had no header; each line was a whole SavedStateInfo ({"id":..,"task":..,..}).
 * Such lines are still read, in either version, so an older Alpine appending to the file
 * does no harm. A line that cannot be read is skipped: the index is a cache of the folders.
 */
import { randomBytes } from "node:crypto";
import type { BranchPoint, SavedStateInfo, StoppedBy } from "../../state/snapshot";

export const INDEX_FORMAT = "alpine-list-index";
export const INDEX_VERSION = 3;

/** The list line of every State the index lists, by id. */
export type IndexRecords = Map<string, SavedStateInfo>;

export function indexHeader(): string {
  return JSON.stringify({ format: INDEX_FORMAT, version: INDEX_VERSION, file: randomBytes(8).toString("hex") });
}

/** The version a first line declares, or null when it is no header (a version 1 file) or a damaged one. */
export function headerVersion(line: string): number | null {
  let header: { format?: unknown; version?: unknown };
  try {
    header = JSON.parse(line);
  } catch {
    return null;
  }
  if (header?.format !== INDEX_FORMAT) return null;
  // Every version writes an integer here: a header without one is damaged, not newer. Its lines
  // are read as they are (a line that cannot be read is skipped) and the first list() of a store
  // adds back the States the index lacks; refusing to list anything would punish a cache's damage.
  return typeof header.version === "number" && Number.isSafeInteger(header.version) && header.version >= 1 ? header.version : null;
}

export function wholeLine(info: SavedStateInfo, options: { repair?: boolean } = {}): string {
  return JSON.stringify({
    i: info.id,
    k: info.task,
    ...(info.title === info.task ? {} : { t: info.title }),
    c: info.createdAt,
    u: info.updatedAt,
    s: info.stoppedBy,
    n: info.entryCount,
    ...(info.conversationId === info.id ? {} : { v: info.conversationId }),
    ...(info.parent ? { p: [info.parent.id, info.parent.seq] } : {}),
    ...(info.retained ? { r: 1 } : {}),
    ...(info.shownAt !== undefined ? { w: info.shownAt } : {}),
    ...(options.repair ? { h: 1 } : {}),
  });
}

export function savedLine(info: SavedStateInfo): string {
  return JSON.stringify({ i: info.id, u: info.updatedAt, s: info.stoppedBy, n: info.entryCount, ...(info.shownAt !== undefined ? { w: info.shownAt } : {}) });
}

export function deletedLine(id: string): string {
  return JSON.stringify({ i: id, d: 1 });
}

/** Whether a save's line can leave out task, title and createdAt: the index has them already. */
export function onlySaveChanged(listed: SavedStateInfo | undefined, info: SavedStateInfo): boolean {
  return (
    listed !== undefined &&
    listed.task === info.task &&
    listed.title === info.title &&
    listed.createdAt === info.createdAt &&
    listed.conversationId === info.conversationId &&
    listed.parent?.id === info.parent?.id &&
    listed.parent?.seq === info.parent?.seq &&
    listed.retained === info.retained
  );
}

interface Line {
  i?: unknown;
  k?: unknown;
  t?: unknown;
  c?: unknown;
  u?: unknown;
  s?: unknown;
  n?: unknown;
  h?: unknown;
  d?: unknown;
  v?: unknown;
  p?: unknown;
  r?: unknown;
  w?: unknown;
  // version 1
  id?: unknown;
  task?: unknown;
  title?: unknown;
  createdAt?: unknown;
  updatedAt?: unknown;
  stoppedBy?: unknown;
  entryCount?: unknown;
}

const isStoppedBy = (value: unknown): value is StoppedBy => value === null || typeof value === "string";

/** Apply one line to `records`; false when the line cannot be read. */
export function applyLine(records: IndexRecords, text: string): boolean {
  let line: Line;
  try {
    line = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof line !== "object" || line === null) return false;
  if (typeof line.i === "string") return applyVersion2(records, line.i, line);
  if (typeof line.id === "string") return applyVersion1(records, line.id, line);
  return false;
}

function applyVersion2(records: IndexRecords, id: string, line: Line): boolean {
  if (line.d === 1) {
    records.delete(id);
    return true;
  }
  if (typeof line.u !== "string" || !isStoppedBy(line.s) || !Number.isInteger(line.n)) return false;
  if (typeof line.k === "string") {
    if (typeof line.c !== "string" || (line.t !== undefined && typeof line.t !== "string")) return false;
    if (line.h === 1 && records.has(id)) return true;
    const title = typeof line.t === "string" ? line.t : line.k;
    const tree = treeOf(id, line);
    if (!tree) return false;
    records.set(id, { id, task: line.k, title, createdAt: line.c, updatedAt: line.u, stoppedBy: line.s, entryCount: line.n as number, ...tree, ...shownOf(line) });
    return true;
  }
  const listed = records.get(id);
  // A save of a State the index does not list (deleted meanwhile) changes nothing.
  if (listed) {
    const { shownAt: _before, ...rest } = listed;
    records.set(id, { ...rest, updatedAt: line.u, stoppedBy: line.s, entryCount: line.n as number, ...shownOf(line) });
  }
  return true;
}

function applyVersion1(records: IndexRecords, id: string, line: Line): boolean {
  const { task, title, createdAt, updatedAt, stoppedBy, entryCount } = line;
  if (typeof task !== "string" || typeof title !== "string" || typeof createdAt !== "string" || typeof updatedAt !== "string") return false;
  if (!isStoppedBy(stoppedBy) || !Number.isInteger(entryCount)) return false;
  records.set(id, { id, task, title, createdAt, updatedAt, stoppedBy, entryCount: entryCount as number, conversationId: id, parent: null });
  return true;
}

/** The line's shownAt, when it has one. */
function shownOf(line: Line): Pick<SavedStateInfo, "shownAt"> {
  return typeof line.w === "string" ? { shownAt: line.w } : {};
}

/** A line's place in its conversation's tree (version 3), or null when those keys are malformed. */
function treeOf(id: string, line: Line): Pick<SavedStateInfo, "conversationId" | "parent" | "retained"> | null {
  if (line.v !== undefined && typeof line.v !== "string") return null;
  let parent: BranchPoint | null = null;
  if (line.p !== undefined) {
    const p = line.p as unknown[];
    if (!Array.isArray(p) || typeof p[0] !== "string" || !Number.isInteger(p[1])) return null;
    parent = { id: p[0], seq: p[1] as number };
  }
  return { conversationId: typeof line.v === "string" ? line.v : id, parent, ...(line.r === 1 ? { retained: true } : {}) };
}
