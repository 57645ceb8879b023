/**
 * What other machines do on the server, as app events: the sidebar hears of conversations
 * created, saved, renamed or deleted elsewhere, an open conversation hears that another
 * machine went on with it, and every row knows whether a run holds it elsewhere. The
 * watch connection's loss and return become the storage status (the window's banner).
 */
import type { LiveLease, PostgresStore, StoreChange, StoreWatch } from "../../agent";
import type { AppEventBus } from "../app-event-bus";

export interface LiveUpdatesOptions {
  store: PostgresStore;
  bus: AppEventBus;
  /** Emit the sidebar row of this State (it was created or saved somewhere). */
  announce(id: string): Promise<void>;
  /** This process runs the State now (its own saves need no reload). */
  runningHere(id: string): boolean;
  /** The watch connection was lost (with why) or is up again. */
  onStatus(reachable: boolean, error?: Error): void;
}

export class LiveUpdates {
  private readonly watch: StoreWatch;
  private elsewhere = new Map<string, LiveLease>();
  private expiryTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private wasLost = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: LiveUpdatesOptions) {
    this.watch = options.store.watch({
      // One change at a time, in the order the server committed them (a lease before the save it allows).
      change: (change) => (this.queue = this.queue.then(() => this.onChange(change)).catch(() => undefined)),
      status: (connected, error) => this.onStatus(connected, error),
    });
  }

  /** Who runs the State on another machine now, or null. */
  holder(id: string): string | null {
    return this.elsewhere.get(id)?.holder ?? null;
  }

  /** Read the leases held now (before a list, and whenever one changes). */
  async refresh(): Promise<void> {
    const leases = await this.options.store.liveLeases();
    this.elsewhere = new Map(leases.filter((lease) => !lease.here).map((lease) => [lease.stateId, lease]));
    // A holder that stopped heartbeating frees its conversation at expiry, with no notification: look again then.
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    const soonest = Math.min(...[...this.elsewhere.values()].map((lease) => lease.expiresInMs));
    if (Number.isFinite(soonest) && !this.closed) {
      this.expiryTimer = setTimeout(() => void this.recheckExpired(), Math.max(50, soonest + 100));
      this.expiryTimer.unref();
    }
  }

  private async recheckExpired(): Promise<void> {
    const before = new Set(this.elsewhere.keys());
    await this.refresh().catch(() => undefined);
    for (const id of before) if (!this.elsewhere.has(id)) await this.options.announce(id).catch(() => undefined);
  }

  private async onChange(change: StoreChange): Promise<void> {
    if (this.closed) return;
    const { bus, runningHere } = this.options;
    if (change.kind === "lease") {
      await this.refresh();
      if (!runningHere(change.id)) await this.options.announce(change.id);
      return;
    }
    if (change.op === "delete") {
      bus.emit({ type: "conversation_deleted", id: change.id });
      return;
    }
    if (runningHere(change.id)) return; // this process's own save: its window has it already
    await this.options.announce(change.id);
    if (change.op === "update") bus.emit({ type: "conversation_saved_elsewhere", id: change.id });
  }

  private onStatus(connected: boolean, error?: Error): void {
    if (this.closed) return;
    this.options.onStatus(connected, error);
    if (!connected) this.wasLost = true;
    if (connected) {
      // Back after a loss (or up after a start without the server): what changed meanwhile was not heard, so the window reloads.
      if (this.wasLost) this.options.bus.emit({ type: "conversations_reset" });
      this.wasLost = false;
      void this.refresh().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    await this.watch.close();
  }
}
