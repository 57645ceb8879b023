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
 * One runner per State: `acquireLease` is taken by the Agent when a run starts and
 * released when it ends; a save outside a run goes through `writeIfCurrent`. The default lease is held in this process only; stores shared
 * between processes (FileStore, SqliteStore) override it with a lease other processes see,
 * which a killed holder stops blocking within a few seconds.
 */
import { StateBusyError, StoreOperationNotSupportedError } from "../errors";
import type { EntryRecord } from "../state/history";
import type { SavedStateInfo, Snapshot, StoredRecord } from "../state/snapshot";
import type { State } from "../state/state";
import { restoreState } from "../state/restore";

export type MaybePromise<T> = T | Promise<T>;

export interface WriteOptions {
  create: boolean;
  /**
   * The run's lease, when the write is a save of a run: a store whose lease other runners can
   * take over checks, inside the write's own transaction, that this lease still holds the State,
   * and otherwise writes nothing and throws LeaseLostError (the write is fenced).
   */
  lease?: Lease;
}

export interface ListOptions {
  /** At most this many, newest first. */
  limit?: number;
  /** Skip this many of the newest first. */
  offset?: number;
}

/** What `readHead` returns: the stored snapshot and how many entries are stored. */
export interface StoredHead {
  snapshot: Snapshot | null;
  entryCount: number;
}

/** A held right to run one State. */
export interface Lease {
  readonly stateId: string;
  /** Unique to this holding of the lease: what a fenced write checks the store still has. */
  readonly token?: string;
  /** True once the store told this holder that another runner took the lease over (or it was removed). */
  readonly lost?: boolean;
  /**
   * Throws LeaseLostError unless the store still gives this lease the State: asked before each
   * tool call of a run, so a runner that was taken over does not run a tool the new one runs too.
   */
  confirm?(): MaybePromise<void>;
  release(): MaybePromise<void>;
}

/** Leases held in this process, keyed by store key and State id. */
const processLeases = new Map<string, string>();

export abstract class Store {
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

  /** Rebuild a saved State. Throws StateNotFoundError when there is none. */
  async load(stateId: string): Promise<State> {
    return restoreState(this, stateId, await this.read(stateId));
  }
}

const storeKeys = new WeakMap<Store, string>();
let storeCounter = 0;
