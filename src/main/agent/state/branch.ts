/**
 * branchState: a new State that shares a saved State's history up to a point and goes on
 * from there (an edit, a regenerate, a branch into a new conversation). Nothing of the
 * shared past is copied: the branch holds the same entry objects, and its store gets only
 * the branch's own entries and where it parts (`parent`). See docs/branches.md.
 */
import { BranchPointNotSavedError } from "../errors";
import { closeCallsOfStoppedProcess } from "./restore";
import type { BranchPoint } from "./snapshot";
import { State, ownerOfSeq, placeInTree, replaceHistory, stateBook } from "./state";

export interface BranchOptions {
  /** The branch's id; random when left out. */
  id?: string;
  /** Start a new conversation (a new sidebar row) whose past is the shared one. */
  newConversation?: boolean;
  /** A message of the person added right after the fork (an edited message). */
  message?: string;
  /** The title; `from`'s when left out. */
  title?: string;
}

/**
 * A new, unsaved State whose history is `from`'s entries 0..`atSeq` and nothing else.
 * `atSeq` -1 (before the first message) needs `options.message`, which becomes the task.
 * Throws BranchPointNotSavedError when `from`'s store does not hold entry `atSeq` yet.
 */
export function branchState(from: State, atSeq: number, options: BranchOptions = {}): State {
  const book = from[stateBook];
  const saved = book.isNew ? 0 : book.acknowledged;
  if (!Number.isInteger(atSeq) || atSeq < -1 || atSeq >= saved || book.storeKey === null) {
    throw new BranchPointNotSavedError(from.id, atSeq, saved);
  }
  if (atSeq === -1 && !options.message) throw new TypeError("A branch before the first message needs options.message, its new first message.");
  const task = atSeq === -1 ? options.message! : from.task;
  const branch = new State(task, { id: options.id, title: options.title ?? from.title, data: jsonCopy(from.data) });
  branch.thinking = from.thinking; // a branch thinks as its conversation does
  const inherited = from.history.slice(0, atSeq + 1);
  if (atSeq >= 0) replaceHistory(branch, inherited as never);
  // Before the first message, the branch is another start of `from`'s conversation (whose id is its first State's).
  const point: BranchPoint = { id: atSeq === -1 ? from.conversationId : ownerOfSeq(from, atSeq), seq: atSeq };
  // The owner's own fork points follow: the points above it in `from`'s lineage.
  const ownerAt = book.lineage.findIndex((p) => p.id === point.id);
  const lineage = atSeq === -1 ? [point] : [point, ...(ownerAt < 0 ? book.lineage : book.lineage.slice(ownerAt + 1))];
  placeInTree(branch, options.newConversation ? branch.id : from.conversationId, lineage);

  const branchBook = branch[stateBook];
  branchBook.storeKey = book.storeKey;
  branchBook.acknowledged = atSeq + 1;
  branchBook.sentEntries = atSeq + 1;
  branchBook.agent = book.agent;
  branchBook.loadedAgent = book.agent;
  branch.excluded = from.excluded.filter(([start]) => start <= atSeq).map(([start, end]) => [start, Math.min(end, atSeq)]);
  if (atSeq >= 0) {
    closeCallsOfStoppedProcess(branch);
    if (options.message) branch.addUserMessage(options.message);
  }
  return branch;
}

function jsonCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
