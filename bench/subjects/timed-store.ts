/**
 * A store that times its own calls: how much of a run's time is spent in `write`, in taking
 * the run's lease and in releasing it. The real store's methods are wrapped on the object,
 * without changing what they do, so the Agent runs exactly as it does in the app.
 */
import { type Lease, Store } from "../../src/main/agent/stores/store";
import { timeOnce } from "../lib/timing";

export class StoreTimes {
  writes = 0;
  writeMs = 0;
  leases = 0;
  leaseMs = 0;
  releaseMs = 0;

  reset(): void {
    this.writes = this.writeMs = this.leases = this.leaseMs = this.releaseMs = 0;
  }
}

export function timeStoreCalls<S extends Store>(store: S): S & { times: StoreTimes } {
  const times = new StoreTimes();
  const write = store.write.bind(store);
  const acquireLease = store.acquireLease.bind(store);
  store.write = async (...args: Parameters<Store["write"]>) => {
    times.writes++;
    times.writeMs += await timeOnce(() => write(...args));
  };
  // A store that checks the lease inside its write (a save outside a run) is timed as a write;
  // the default one goes through write and acquireLease, timed above and below.
  if (store.writeIfCurrent !== Store.prototype.writeIfCurrent) {
    const writeIfCurrent = store.writeIfCurrent.bind(store);
    store.writeIfCurrent = async (...args: Parameters<Store["writeIfCurrent"]>) => {
      times.writes++;
      times.writeMs += await timeOnce(() => writeIfCurrent(...args));
    };
  }
  store.acquireLease = async (stateId: string): Promise<Lease> => {
    let held: Lease | undefined;
    times.leases++;
    times.leaseMs += await timeOnce(async () => {
      held = await acquireLease(stateId);
    });
    return {
      stateId,
      async release() {
        times.releaseMs += await timeOnce(() => held!.release());
      },
    };
  };
  return Object.assign(store, { times });
}
