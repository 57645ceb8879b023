/**
 * A Store wrapper that counts writes, fails the ones a fault plan picks, and reports every
 * write the inner store acknowledged. It keeps the inner store's identity (storeKey, leases),
 * and keeps a synchronous store synchronous so the Agent sees the same timing it would.
 *
 * Fault modes, as a real store can fail:
 * - "before":  throws before writing anything (a full disk on the first byte)
 * - "entries": writes some of the new entries and no snapshot, then throws (FileStore killed
 *              between the append and the snapshot rename; a connection lost mid-way)
 * - "after":   writes everything, then throws (the commit landed but its answer was lost)
 */
import type { EntryRecord } from "../src/main/agent/state/history";
import type { Snapshot } from "../src/main/agent/state/snapshot";
import { Store, type Lease, type ListOptions, type MaybePromise, type WriteOptions } from "../src/main/agent/stores/store";

export type FaultMode = "before" | "entries" | "after";

export interface WriteCall {
  /** 1 for the first write through this wrapper. */
  n: number;
  stateId: string;
  entries: EntryRecord[];
  snapshot: Snapshot | null;
  create: boolean;
}

/** The fault for a write, or null to let it through. */
export type FaultPlan = (call: WriteCall) => FaultMode | null;

/** The error a planned fault throws, so a check can tell it from a real one. */
export class InjectedStoreFault extends Error {
  constructor(readonly mode: FaultMode, readonly writeNumber: number) {
    super(`injected store fault (${mode}) on write ${writeNumber}`);
    this.name = "InjectedStoreFault";
  }
}

export interface FaultStoreHooks {
  plan?: FaultPlan;
  /** Called after the inner store's write returned without error. */
  onAck?: (call: WriteCall) => void;
  /**
   * Called when a fault was injected, after its partial write and before it throws; a
   * promise returned here is awaited (to look at the store at exactly that instant).
   */
  onFault?: (call: WriteCall, mode: FaultMode) => void | Promise<void>;
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | undefined)?.then === "function";

/** Runs `next` after `value`, synchronously when `value` is not a promise. */
function andThen(value: MaybePromise<unknown>, next: () => MaybePromise<void>): MaybePromise<void> {
  return isPromise(value) ? value.then(next) : next();
}

export class FaultStore extends Store {
  writes = 0;
  faults = 0;

  constructor(readonly inner: Store, private readonly hooks: FaultStoreHooks = {}) {
    super();
  }

  override get storeKey(): string {
    return this.inner.storeKey;
  }

  override describe(): string {
    return this.inner.describe();
  }

  write(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions): MaybePromise<void> {
    const call: WriteCall = { n: ++this.writes, stateId, entries, snapshot, create: options.create };
    // A create is all or nothing: a partial create is not a way a conforming store can fail.
    let mode = this.hooks.plan?.(call) ?? null;
    if (mode === "entries" && options.create) mode = "before";
    if (mode) this.faults++;
    const fail = (): MaybePromise<void> => {
      const error = new InjectedStoreFault(mode!, call.n);
      const looked = this.hooks.onFault?.(call, mode!);
      if (isPromise(looked)) return looked.then(() => Promise.reject(error));
      throw error;
    };
    switch (mode) {
      case "before":
        return fail();
      case "entries": {
        const some = entries.slice(0, Math.max(1, Math.ceil(entries.length / 2)));
        return andThen(some.length ? this.inner.write(stateId, some, null, options) : undefined, fail);
      }
      case "after":
        return andThen(this.inner.write(stateId, entries, snapshot, options), fail);
      default:
        return andThen(this.inner.write(stateId, entries, snapshot, options), () => {
          this.hooks.onAck?.(call);
        });
    }
  }

  read(stateId: string) {
    return this.inner.read(stateId);
  }

  override list(options?: ListOptions) {
    return this.inner.list(options);
  }

  override delete(stateId: string) {
    return this.inner.delete(stateId);
  }

  override acquireLease(stateId: string): MaybePromise<Lease> {
    return this.inner.acquireLease(stateId);
  }
}
