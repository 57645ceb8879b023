/**
 * Saving: what a State has that its store does not, and the rules when a save fails.
 * A save sends only entries the store has not acknowledged, and the snapshot only when it
 * changed; when nothing changed it does not call the store at all. Saves of one State
 * run one after another. A failed save loses nothing: the next save sends it again.
 */
import { StaleStateError, StateExistsError, StateNotFoundError, addErrorNote } from "../errors";
import type { EntryRecord, HistoryEntry } from "./history";
import { assertJsonValue, toJsonAnswer } from "./json-check";
import { pendingSaves } from "./pending-saves";
import { SNAPSHOT_VERSION, type Snapshot } from "./snapshot";
import { type State, assertThinkingSetting, stateBook } from "./state";
import type { StoreAccess, StoredHead } from "./store-contract";

/** Where in a run a save happens (reported with each `save` step event). */
export type SavePoint =
  | "run_start"
  | "before_think"
  | "after_think"
  | "tool_result"
  | "after_use_tools"
  | "after_compact"
  /** Just before a call whose question the person answered is run again: from here a kill makes its outcome unknown. */
  | "before_answered_call"
  | "run_end"
  | "explicit";

export interface SaveOutcome {
  /** False when nothing had changed, so the store was not called. */
  wrote: boolean;
  entries: number;
}

/** Errors thrown by a store (or the JSON check) while saving. */
const saveErrors = new WeakSet<object>();

export function isSaveError(error: unknown): boolean {
  return typeof error === "object" && error !== null && saveErrors.has(error);
}

/** The snapshot without `updatedAt`, in a fixed key order (so its JSON compares). */
function snapshotBody(state: State): Omit<Snapshot, "updatedAt"> {
  const book = state[stateBook];
  return {
    version: SNAPSHOT_VERSION,
    id: state.id,
    conversationId: state.conversationId,
    parent: state.parent,
    task: state.task,
    title: state.title,
    stoppedBy: state.stoppedBy,
    createdAt: state.createdAt,
    entryCount: state.history.length,
    pendingAsk: state.pendingAsk,
    // Only while there is one, so snapshots of States that never used it stay as they were.
    ...(state.answeredAsk ? { answeredAsk: state.answeredAsk } : {}),
    ...(state.thinking ? { thinking: state.thinking } : {}),
    answer: toJsonAnswer(state.answer, "state.answer"),
    excluded: state.excluded,
    agent: book.agent,
    createToken: book.createToken,
    data: state.data,
  };
}

export function toRecord(entry: HistoryEntry): EntryRecord {
  return { ...entry, error: null } as EntryRecord;
}

/**
 * Refuse non-JSON values before anything is written (and so before the next model request).
 * The answer is checked when the snapshot is built: class instances in it become plain objects.
 */
export function checkJson(state: State): void {
  assertJsonValue(state.data, "state.data");
  assertJsonValue(state.pendingAsk, "state.pendingAsk");
  assertJsonValue(state.answeredAsk, "state.answeredAsk");
  if (typeof state.title !== "string") throw new TypeError("state.title is not a string");
  assertThinkingSetting(state.thinking);
}

export interface SaveOptions {
  /**
   * A save outside a run (`agent.save`): written only when no runner holds the State and
   * the store still has what this copy last wrote or loaded (StateBusyError, StaleStateError).
   */
  outsideRun?: boolean;
}

/** Write what the store does not have yet. Queued behind any save of this State in progress. */
export function saveState(state: State, store: StoreAccess, options: SaveOptions = {}): Promise<SaveOutcome> {
  const book = state[stateBook];
  const run = book.saveChain.then(() => saveNow(state, store, options.outsideRun === true));
  book.saveChain = run.catch(() => undefined);
  // A process stopping on a signal waits for it (abortOnSignals), so no save is cut off halfway.
  const tracked = book.saveChain.finally(() => pendingSaves.delete(tracked));
  pendingSaves.add(tracked);
  return run;
}

async function saveNow(state: State, store: StoreAccess, outsideRun: boolean): Promise<SaveOutcome> {
  const book = state[stateBook];
  let body: Omit<Snapshot, "updatedAt">;
  let json: string;
  try {
    checkJson(state);
    body = snapshotBody(state);
    json = JSON.stringify(body);
  } catch (error) {
    markSaveError(error);
    throw error;
  }
  const count = state.history.length;
  const fresh = state.history.slice(book.acknowledged, count).map(toRecord);
  const snapshotChanged = json !== book.savedSnapshotJson;
  if (fresh.length === 0 && !snapshotChanged) return { wrote: false, entries: 0 };

  const updatedAt = laterThan(state.updatedAt);
  const snapshot = snapshotChanged ? ({ ...JSON.parse(json), updatedAt } as Snapshot) : null;
  // What the store may hold before this save: the check of a save outside a run compares against it.
  const known = outsideRun && !book.isNew ? { revisions: new Set(book.revisions), sentEntries: book.sentEntries } : null;
  // Until the store confirms, it may hold either the old or this snapshot, and these entries.
  if (snapshot) book.revisions.add(updatedAt);
  book.sentEntries = Math.max(book.sentEntries, count);
  try {
    if (known) await store.writeIfCurrent(state.id, fresh, snapshot, (head) => assertCurrentHead(state.id, head, known));
    else await writeOrFinishCreate(state, store, fresh, snapshot);
  } catch (error) {
    markSaveError(error);
    throw error;
  }
  book.isNew = false;
  book.storeKey ??= store.storeKey;
  book.acknowledged = Math.max(book.acknowledged, count);
  if (snapshot) {
    book.savedSnapshotJson = json;
    book.revisions = new Set([updatedAt]);
    state.updatedAt = updatedAt;
  }
  return { wrote: true, entries: fresh.length };
}

/**
 * Write; when creating, an id the store has may be this State's own record from an earlier
 * create that landed but reported an error: then the write goes on as an update (the store
 * skips the entries it has), instead of refusing this State forever.
 */
async function writeOrFinishCreate(state: State, store: StoreAccess, entries: EntryRecord[], snapshot: Snapshot | null): Promise<void> {
  const book = state[stateBook];
  try {
    // A run's save names its lease, so a store refuses it once another runner took the lease over.
    await store.write(state.id, entries, snapshot, book.lease && !book.isNew ? { create: false, lease: book.lease } : { create: book.isNew });
  } catch (error) {
    if (!book.isNew || !(error instanceof StateExistsError)) throw error;
    const stored = await store.read(state.id);
    if (!stored?.snapshot?.createToken || stored.snapshot.createToken !== book.createToken) throw error;
    book.isNew = false;
    await store.write(state.id, entries, snapshot, book.lease ? { create: false, lease: book.lease } : { create: false });
  }
}

/** Now, or a millisecond after `previous` so updatedAt always moves forward. */
function laterThan(previous: string): string {
  const now = Date.now();
  const before = Date.parse(previous);
  return new Date(Number.isFinite(before) && before >= now ? before + 1 : now).toISOString();
}

function markSaveError(error: unknown): void {
  if (typeof error === "object" && error !== null) saveErrors.add(error);
}

/** "Name: message", the way an error reads in history (and in a tool's error result). */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Attach a failed save to the error a run is already failing with (its first line is enough). */
export function noteSaveFailure(original: unknown, saveError: unknown): void {
  addErrorNote(original, `saving the state also failed: ${describeError(saveError).split("\n")[0]}`);
}

/**
 * Refuse a copy of a State that another runner moved on from: the store's snapshot is not
 * one this copy wrote or loaded, or the store has entries this copy never sent. (Saving it
 * would be silently wrong: the store skips seqs it already has.)
 */
export async function assertCurrentCopy(state: State, store: StoreAccess): Promise<void> {
  const book = state[stateBook];
  if (book.isNew) return;
  assertCurrentHead(state.id, await store.readHead(state.id), book);
}

/** What a copy knows it may have left in the store: the snapshots it wrote or loaded, and how many entries it sent. */
interface KnownWrites {
  revisions: ReadonlySet<string>;
  sentEntries: number;
}

function assertCurrentHead(stateId: string, head: StoredHead | null, known: KnownWrites): void {
  if (!head) throw new StateNotFoundError(stateId);
  const revision = head.snapshot?.updatedAt;
  // A branch's store counts only its own entries; the inherited ones are its parent's.
  const inherited = head.snapshot?.parent ? head.snapshot.parent.seq + 1 : 0;
  if (revision === undefined || !known.revisions.has(revision) || inherited + head.entryCount > known.sentEntries) {
    throw new StaleStateError(stateId);
  }
}
