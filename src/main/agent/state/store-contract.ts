/**
 * The words of a store's contract (the lease a run holds, the write's and the list's options,
 * the stored head) and the few methods a State's saving and restoring call. The Store base
 * class (stores/store.ts) implements it; it lives here so the data's rules import no store.
 */
import type { EntryRecord } from "./history";
import type { Snapshot, StoredRecord } from "./snapshot";

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
  /** Also the States kept only for another conversation's branches (rows with `retained: true`). */
  includeRetained?: boolean;
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

/** The part of a Store (stores/store.ts, where each method is described) that saving and restoring use. */
export interface StoreAccess {
  readonly storeKey: string;
  describe(): string;
  write(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions): MaybePromise<void>;
  read(stateId: string): MaybePromise<StoredRecord | null>;
  readHead(stateId: string): Promise<StoredHead | null>;
  writeIfCurrent(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, check: (head: StoredHead | null) => void): Promise<void>;
}
