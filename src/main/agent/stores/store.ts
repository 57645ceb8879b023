/**
 * Store: the base class of every store ("your own store" of the seed).
 *
 * Subclasses implement `write` and `read` (and `list`, `delete` if wanted); each may be
 * synchronous or return a Promise. `load` is built on `read`.
 *
 * Contract of `write(stateId, entries, snapshot, { create })`:
 * - `entries` are history entries as plain JSON, each with its `seq`. Skip entries whose
 *   seq is already stored: after a failed write the agent sends them again.
 * - `snapshot` is the rest of the State, or `null` to keep the current one.
 * - `create: true` is the first write of a new State: refuse an id that already exists
 *   with `StateExistsError`, and write all of it or nothing.
 *
 * `read(stateId)` returns `{ entries, snapshot }` (entries in seq order), or `null`.
 *
 * Pages (history-page.ts): `readSeqRange(stateId, fromSeq, toSeq)` returns only the State's own
 * stored entries with `fromSeq <= seq < toSeq`. The default reads the whole record and slices
 * it; a store that can read a seq range alone overrides it, so `readPage` (the newest page of
 * a long conversation, then older pages on demand) costs a page, not the whole history.
 *
 * Branches (docs/branches.md): a branch is a State whose snapshot names its `parent`; the
 * store keeps only its own entries (seqs from `parent.seq + 1`, and a create may have none)
 * and `read` returns only those. `load` walks the parent chain with `readRange`.
 *
 * One runner per State: `acquireLease` is taken by the Agent when a run starts and
 * released when it ends; a save outside a run goes through `writeIfCurrent`. The default lease is held in this process only; stores shared
 * between processes (FileStore, SqliteStore) override it with a lease other processes see,
 * which a killed holder stops blocking within a few seconds.
 */
import { StateBusyError, StateNotFoundError, StoreOperationNotSupportedError } from "../errors";
import type { EntryRecord } from "../state/history";
import type { ConversationInfo, SavedStateInfo, Snapshot, StoredRecord } from "../state/snapshot";
import type { State } from "../state/state";
import { restoreState } from "../state/restore";
import type { Lease, ListOptions, MaybePromise, StoreAccess, StoredHead, WriteOptions } from "../state/store-contract";
import { readInherited } from "./branch-chain";
import { type HistoryPageRecord, type PageOptions, readHistoryPage } from "./history-page";
import { conversationOf, groupConversations, planConversationDelete } from "./conversation-tree";
import { scanSearch } from "./search/search-scan";
import type { SearchOptions, SearchPage, SearchResult } from "./search/search-types";

// The words of the contract live with the data (state/store-contract.ts), which imports no store.
export type { Lease, ListOptions, MaybePromise, StoredHead, WriteOptions } from "../state/store-contract";

/** Leases held in this process, keyed by store key and State id. */
const processLeases = new Map<string, string>();

export abstract class Store implements StoreAccess {
  abstract write(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions): MaybePromise<void>;

  abstract read(stateId: string): MaybePromise<StoredRecord | null>;

  list(_options?: ListOptions): MaybePromise<SavedStateInfo[]> {
    throw new StoreOperationNotSupportedError("list", this.constructor.name);
  }

  delete(_stateId: string): MaybePromise<void> {
    throw new StoreOperationNotSupportedError("delete", this.constructor.name);
  }

  /**
   * The stored snapshot and entry count, without the entries. The Agent compares them
   * with its copy of a State before running or saving it (a copy loaded before another
   * runner went on is refused). The default reads the whole record; override it when the
   * snapshot and the count can be read more cheaply.
   */
  async readHead(stateId: string): Promise<StoredHead | null> {
    const record = await this.read(stateId);
    return record && { snapshot: record.snapshot, entryCount: record.entries.length };
  }

  /**
   * Two stores with the same key are the same store (two FileStores on one folder).
   * The default is unique to this object.
   */
  get storeKey(): string {
    let key = storeKeys.get(this);
    if (!key) {
      key = `${this.constructor.name}#${++storeCounter}`;
      storeKeys.set(this, key);
    }
    return key;
  }

  /** A short description for error messages, e.g. `FileStore(/path/to/runs)`. */
  describe(): string {
    return this.storeKey;
  }

  /**
   * Write as `write` does (never a create), but only when no runner holds the State's lease
   * and `check` accepts what is stored now: the Agent's save outside a run, which must not
   * write over a runner nor over a newer copy. `check` throws to refuse. The default takes
   * the lease for the write; stores whose write is a transaction override it to look at the
   * lease and the head inside that one transaction, with no lease written at all.
   */
  async writeIfCurrent(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, check: (head: StoredHead | null) => void): Promise<void> {
    const lease = await this.acquireLease(stateId);
    try {
      check(await this.readHead(stateId));
      await this.write(stateId, entries, snapshot, { create: false });
    } finally {
      await lease.release();
    }
  }

  /** Take the right to run `stateId`; throws StateBusyError if another runner holds it. */
  acquireLease(stateId: string): MaybePromise<Lease> {
    const key = `${this.storeKey}\u0000${stateId}`;
    const holder = processLeases.get(key);
    if (holder) throw new StateBusyError(stateId, holder);
    const token = `another run in this process (pid ${process.pid})`;
    processLeases.set(key, token);
    return {
      stateId,
      release: () => {
        if (processLeases.get(key) === token) processLeases.delete(key);
      },
    };
  }

  /**
   * The State's own entries of seq <= `throughSeq`, and its snapshot (a branch's load reads
   * its ancestors so). The default reads everything and keeps those; override it when a
   * range can be read more cheaply.
   */
  readRange(stateId: string, throughSeq: number): MaybePromise<StoredRecord | null> {
    return this.readRangeByRead(stateId, throughSeq);
  }

  /**
   * The State's own stored entries with `fromSeq <= seq < toSeq`, in seq order ([] when it has
   * none there), or null when the State does not exist. A branch's own entries start at its
   * `parent.seq + 1`. The default reads the whole record and slices it; override it when a
   * range of seqs can be read alone (SqliteStore, FileStore and PostgresStore do).
   */
  readSeqRange(stateId: string, fromSeq: number, toSeq: number): MaybePromise<EntryRecord[] | null> {
    return Promise.resolve(this.read(stateId)).then((record) => record && record.entries.filter((entry) => entry.seq >= fromSeq && entry.seq < toSeq));
  }

  /**
   * One page of a State's stored history without loading the State: the newest `limit`
   * entries (or those just before `beforeSeq`), a branch's inherited past included, with the
   * stored snapshot. Null when the State does not exist. Built on `readHead` and `readSeqRange`.
   */
  readPage(stateId: string, options: PageOptions): Promise<HistoryPageRecord | null> {
    return readHistoryPage(this, stateId, options);
  }

  private async readRangeByRead(stateId: string, throughSeq: number): Promise<StoredRecord | null> {
    const record = await this.read(stateId);
    return record && { entries: record.entries.filter((entry) => entry.seq <= throughSeq), snapshot: record.snapshot };
  }

  /** Rebuild a saved State (a branch: with its ancestors' entries). Throws StateNotFoundError when there is none. */
  async load(stateId: string): Promise<State> {
    const record = await this.read(stateId);
    if (!record?.snapshot?.parent) return restoreState(this, stateId, record);
    return restoreState(this, stateId, record, await readInherited(this, stateId, record.snapshot));
  }

  /**
   * Show branch `stateId` from now on (a person chose it in the branch switcher): its snapshot's
   * `shownAt` becomes `at`, and nothing else changes. Its `updatedAt` is kept, so the conversation
   * keeps its place among the others: seeing a branch is not an update. Refused with
   * StateBusyError while a runner holds it (its next save is the later time anyway). Built on
   * acquireLease, readHead and write.
   */
  async show(stateId: string, at: string = new Date().toISOString()): Promise<void> {
    const lease = await this.acquireLease(stateId);
    try {
      const head = await this.readHead(stateId);
      if (!head?.snapshot) throw new StateNotFoundError(stateId);
      await this.write(stateId, [], { ...head.snapshot, shownAt: at }, { create: false });
    } finally {
      await lease.release();
    }
  }

  /**
   * One row per conversation, newest update first: its branch updated or shown last (the one
   * to show), dated with the conversation's last update. Built on `list`.
   */
  listConversations(options: ListOptions = {}): MaybePromise<ConversationInfo[]> {
    return Promise.resolve(this.list({})).then((rows) => groupConversations(rows, options));
  }

  /** Every branch of a conversation (retained ones left out), newest first. Built on `list`. */
  listBranches(conversationId: string): MaybePromise<SavedStateInfo[]> {
    return Promise.resolve(this.list({})).then((rows) => rows.filter((row) => !row.retained && conversationOf(row) === conversationId));
  }

  /**
   * Search saved conversations: one result per conversation, naming its branch whose own
   * entries (user messages, replies, tool results) hold every typed word as a word prefix,
   * case and accents ignored (of several, the one updated or shown last), with the latest
   * such entry's seq and a snippet with the words marked; a conversation matching only by
   * title or task is a result on its first State. Retained States are never found.
   * The default reads every branch's own entries (built on list and read); a store with an
   * index overrides it.
   */
  searchPage(query: string, options?: SearchOptions): MaybePromise<SearchPage> {
    return scanSearch({ list: async () => this.list({}), read: async (id) => this.read(id) }, query, options);
  }

  /** The results of one page of `searchPage`. */
  search(query: string, options?: SearchOptions): MaybePromise<SearchResult[]> {
    return Promise.resolve(this.searchPage(query, options)).then((page) => page.items);
  }

  /** How many results `searchPage(query)` has in all. */
  searchCount(query: string): MaybePromise<number> {
    return Promise.resolve(this.searchPage(query, { limit: 0 })).then((page) => page.total);
  }

  /**
   * Delete a conversation: every branch of it, except those another conversation's branch
   * still shares, which are kept (hidden) until no one needs them. A running branch is
   * refused with StateBusyError before anything is deleted. Built on list, readHead, write, delete.
   */
  async deleteConversation(conversationId: string): Promise<void> {
    const plan = planConversationDelete(await this.list({ includeRetained: true }), conversationId);
    for (const id of [...plan.retain, ...plan.remove]) await (await this.acquireLease(id)).release();
    for (const id of plan.retain) {
      const lease = await this.acquireLease(id);
      try {
        const head = await this.readHead(id);
        if (head?.snapshot) await this.write(id, [], { ...head.snapshot, retained: true }, { create: false });
      } finally {
        await lease.release();
      }
    }
    for (const id of plan.remove) await this.delete(id);
  }
}

const storeKeys = new WeakMap<Store, string>();
let storeCounter = 0;
