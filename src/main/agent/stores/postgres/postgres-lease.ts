/**
 * Leases on the server: a row per State (token, holder, expiry). The expiry is the server's
 * clock (now()) plus the lease's duration, so machines with skewed clocks agree on it. The
 * holder extends it every fifth of the duration; a lease whose expiry passed is taken over
 * by the next runner, which writes a new token. Every save of a run names its token, and
 * the save's own statement checks the row still holds it (see statements.ts): a runner
 * that stalled past its expiry and was taken over writes nothing more.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import type pg from "pg";
import { LeaseLostError, StateBusyError } from "../../errors";
import type { Lease } from "../store";

/** Tokens of the leases this process holds (any PostgresStore object). */
const heldTokens = new Set<string>();

export interface LeaseHolder {
  pid: number;
  host: string;
  token?: string;
}

/** How a holder reads in StateBusyError and LeaseLostError. */
export function describeHolder(holderJson: string | null): string {
  if (holderJson === null) return "another runner";
  let holder: LeaseHolder;
  try {
    holder = JSON.parse(holderJson) as LeaseHolder;
  } catch {
    return "another runner";
  }
  if (holder.token && heldTokens.has(holder.token)) return `another run in this process (pid ${holder.pid})`;
  return holder.host === os.hostname() ? `process ${holder.pid} on this machine` : `process ${holder.pid} on host "${holder.host}"`;
}

/** A lease held now, as `PostgresStore.liveLeases()` tells it. */
export interface LiveLease {
  stateId: string;
  /** Who holds it, in words ("process 12 on host \"desk\""). */
  holder: string;
  /** Held through this store (this app's own runs). */
  here: boolean;
  /** How long it lasts unless its holder renews it (server clock). */
  expiresInMs: number;
}

export class PostgresLease implements Lease {
  private timer: NodeJS.Timeout | null = null;
  private isLost = false;

  constructor(
    readonly stateId: string,
    readonly token: string,
    private readonly leases: PostgresLeases,
    heartbeatMs: number,
  ) {
    heldTokens.add(token);
    this.timer = setInterval(() => void this.heartbeat(), heartbeatMs);
    this.timer.unref();
  }

  get lost(): boolean {
    return this.isLost;
  }

  /** Called when the server says the lease is no longer ours. */
  markLost(): void {
    this.isLost = true;
    this.stop();
  }

  /** Throws LeaseLostError unless the server still gives this lease the State. */
  async confirm(): Promise<void> {
    if (this.isLost) throw new LeaseLostError(this.stateId, "it was taken over by another runner");
    const holder = await this.leases.holderUnlessOurs(this);
    if (holder === undefined) return;
    this.markLost();
    throw new LeaseLostError(this.stateId, holder === null ? "its lease was removed" : `it was taken over by ${describeHolder(holder)}`);
  }

  private async heartbeat(): Promise<void> {
    if (this.timer === null) return;
    const still = await this.leases.extend(this).catch(() => null); // unreachable: try again next beat
    if (still === false) this.markLost();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    heldTokens.delete(this.token);
  }

  async release(): Promise<void> {
    const wasHeld = this.timer !== null;
    this.stop();
    if (wasHeld) await this.leases.remove(this).catch(() => undefined); // unreachable: given back once the server answers again
  }
}

export class PostgresLeases {
  private readonly held = new Set<PostgresLease>();
  /**
   * Leases released while the server could not be reached. Their rows would otherwise say, until
   * they lapse, that a runner still holds a State this process has finished with: the next look at
   * the leases gives them back first.
   */
  private readonly unreleased = new Set<PostgresLease>();
  private readonly sql;

  constructor(
    private readonly query: (text: string, values: unknown[]) => Promise<pg.QueryResult>,
    s: string,
    private readonly durationMs: number,
  ) {
    this.sql = {
      take: `INSERT INTO ${s}.leases AS l (state_id, token, holder, expires_at)
        VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')
        ON CONFLICT (state_id) DO UPDATE SET token = excluded.token, holder = excluded.holder, expires_at = excluded.expires_at
        WHERE l.expires_at <= now()
        RETURNING token`,
      holder: `SELECT holder FROM ${s}.leases WHERE state_id = $1 AND expires_at > now()`,
      live: `SELECT state_id, token, holder, (extract(epoch FROM expires_at - now()) * 1000)::int AS left_ms FROM ${s}.leases WHERE expires_at > now()`,
      anyHolder: `SELECT token, holder FROM ${s}.leases WHERE state_id = $1`,
      extend: `UPDATE ${s}.leases SET expires_at = now() + $3 * interval '1 millisecond' WHERE state_id = $1 AND token = $2 RETURNING 1`,
      drop: `DELETE FROM ${s}.leases WHERE state_id = $1 AND token = $2`,
    };
  }

  /** Take the right to run `stateId`, or throw StateBusyError naming the live holder. */
  async acquire(stateId: string): Promise<PostgresLease> {
    await this.giveBackUnreleased();
    const token = randomUUID();
    const holder = JSON.stringify({ pid: process.pid, host: os.hostname(), token } satisfies LeaseHolder);
    const taken = await this.query(this.sql.take, [stateId, token, holder, this.durationMs]);
    if (taken.rowCount === 0) {
      const current = await this.query(this.sql.holder, [stateId]);
      throw new StateBusyError(stateId, describeHolder((current.rows[0]?.holder as string | undefined) ?? null));
    }
    const lease = new PostgresLease(stateId, token, this, Math.max(50, Math.floor(this.durationMs / 5)));
    this.held.add(lease);
    return lease;
  }

  /** The live holder's description, or null when nobody holds `stateId`. */
  async liveHolder(stateId: string): Promise<string | null> {
    const current = await this.query(this.sql.holder, [stateId]);
    return current.rows.length === 0 ? null : describeHolder(current.rows[0].holder as string);
  }

  /** Every lease held now, on any machine: who holds it, whether it is this store's, and how long it lasts unless renewed. */
  async live(): Promise<LiveLease[]> {
    await this.giveBackUnreleased();
    const rows = (await this.query(this.sql.live, [])).rows as { state_id: string; token: string; holder: string; left_ms: number }[];
    const mine = new Set([...this.held].map((lease) => lease.token));
    return rows.map((row) => ({ stateId: row.state_id, holder: describeHolder(row.holder), here: mine.has(row.token), expiresInMs: row.left_ms }));
  }

  /** undefined while `lease` holds its State; else the holder now (null when there is none). */
  async holderUnlessOurs(lease: PostgresLease): Promise<string | null | undefined> {
    const row = (await this.query(this.sql.anyHolder, [lease.stateId])).rows[0] as { token: string; holder: string } | undefined;
    if (row?.token === lease.token) return undefined;
    return row ? row.holder : null;
  }

  /** Push the expiry on; false when the lease is no longer ours. */
  async extend(lease: PostgresLease): Promise<boolean> {
    return ((await this.query(this.sql.extend, [lease.stateId, lease.token, this.durationMs])).rowCount ?? 0) > 0;
  }

  async remove(lease: PostgresLease): Promise<void> {
    this.held.delete(lease);
    try {
      await this.query(this.sql.drop, [lease.stateId, lease.token]);
      this.unreleased.delete(lease);
    } catch (error) {
      this.unreleased.add(lease);
      throw error;
    }
  }

  /** Drop the rows of the leases released while the server was away (its token only: one taken over since is left alone). */
  private async giveBackUnreleased(): Promise<void> {
    await Promise.all([...this.unreleased].map((lease) => this.remove(lease).catch(() => undefined)));
  }

  async releaseAll(): Promise<void> {
    // Side by side: a server that is away costs one wait, not two.
    await Promise.all([this.giveBackUnreleased(), ...[...this.held].map((lease) => lease.release())]);
  }
}
