/**
 * One runner per State across processes: a row in `leases` (state id, owner token,
 * pid, host, expiry) taken in an IMMEDIATE transaction. The holder extends the expiry
 * every second. A lease is taken over when its process on this host is gone (at once),
 * or when its expiry passed (a holder on another host). A live process on this host
 * keeps its lease through a late heartbeat (a busy machine) for a grace period; past
 * that its pid is taken to belong to another process now.
 *
 * Lease rows need no durability: after a power cut every holder is gone anyway. So their
 * commits skip the disk flush (synchronous=OFF for that commit); the next save's flush
 * makes them durable along with it. Those commits never checkpoint the log either, since a
 * checkpoint without its flush could lose saves that were durable before. With
 * synchronous=NORMAL (or OFF) a commit in WAL mode flushes nothing anyway, and a checkpoint
 * it runs is flushed as usual: the lease commits then leave the settings as they are.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import type BetterSqlite3 from "better-sqlite3";
import { LeaseLostError, StateBusyError } from "../../errors";
import type { Lease } from "../store";
import { isProcessAlive } from "../../platform/process-alive";

/** How long a lease lasts without a heartbeat. */
export const LEASE_DURATION_MS = 5_000;
/** How often the holder extends it. */
export const HEARTBEAT_MS = 1_000;
/** How long past its expiry a lease of a live process on this host still holds. */
export const LIVE_HOLDER_GRACE_MS = 30_000;
/** SQLite's `synchronous` as a number: above it (FULL, EXTRA), each commit in WAL mode flushes the log to disk. */
const SYNCHRONOUS_NORMAL = 1;
/** A heartbeat waits this long for a busy database, then tries again next beat. */
const HEARTBEAT_BUSY_TIMEOUT_MS = 50;

/** Tokens of the leases held by this process (any SqliteStore object, any database). */
const heldTokens = new Set<string>();

interface LeaseRow {
  token: string;
  pid: number;
  host: string;
  expires_at: number;
}

export class SqliteLease implements Lease {
  private timer: NodeJS.Timeout | null;
  private isLost = false;

  constructor(
    readonly stateId: string,
    readonly token: string,
    private readonly leases: SqliteLeases,
  ) {
    this.timer = setInterval(() => this.heartbeat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  /** True once another runner took the lease over (this one missed its heartbeats) or it was deleted. */
  get lost(): boolean {
    return this.isLost;
  }

  /** Throws LeaseLostError unless the database still gives this lease the State. */
  confirm(): void {
    this.leases.assertHeld(this);
  }

  /** The store found the lease taken over: stop heartbeating. */
  markLost(): void {
    this.isLost = true;
    this.stop();
  }

  private heartbeat(): void {
    const still = this.leases.extend(this);
    if (still === false) {
      this.isLost = true;
      this.stop();
    }
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    heldTokens.delete(this.token);
  }

  release(): void {
    this.stop();
    this.leases.remove(this);
  }
}

export class SqliteLeases {
  private readonly host: string;
  private readonly held = new Set<SqliteLease>();
  private readonly select: BetterSqlite3.Statement<[string], LeaseRow>;
  private readonly upsert: BetterSqlite3.Statement<[string, string, number, string, number]>;
  private readonly touch: BetterSqlite3.Statement<[number, string, string]>;
  private readonly drop: BetterSqlite3.Statement<[string, string]>;

  /** Set only where a commit flushes the disk (synchronous FULL or EXTRA): turn that off around a lease commit, and back. */
  private readonly noFlush: { off: BetterSqlite3.Statement[]; back: BetterSqlite3.Statement[] } | null;

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly busyTimeoutMs: number,
    host?: string,
  ) {
    this.host = host ?? os.hostname();
    const synchronous = db.pragma("synchronous", { simple: true }) as number;
    const autoCheckpoint = db.pragma("wal_autocheckpoint", { simple: true }) as number;
    // Prepared once: `db.pragma()` compiles its statement at every call, which cost more than the lease's own commit.
    this.noFlush =
      synchronous > SYNCHRONOUS_NORMAL
        ? {
            off: [db.prepare("PRAGMA synchronous = OFF"), db.prepare("PRAGMA wal_autocheckpoint = 0")],
            back: [db.prepare(`PRAGMA synchronous = ${synchronous}`), db.prepare(`PRAGMA wal_autocheckpoint = ${autoCheckpoint}`)],
          }
        : null;
    this.select = db.prepare("SELECT token, pid, host, expires_at FROM leases WHERE state_id = ?");
    this.upsert = db.prepare(
      "INSERT OR REPLACE INTO leases (state_id, token, pid, host, expires_at) VALUES (?, ?, ?, ?, ?)",
    );
    this.touch = db.prepare("UPDATE leases SET expires_at = ? WHERE state_id = ? AND token = ?");
    this.drop = db.prepare("DELETE FROM leases WHERE state_id = ? AND token = ?");
  }

  /** Take the right to run `stateId`, or throw StateBusyError naming the holder. */
  acquire(stateId: string): SqliteLease {
    const token = randomUUID();
    this.withoutFlush(() =>
      this.db
        .transaction(() => {
          const holder = this.liveHolder(stateId);
          if (holder !== null) throw new StateBusyError(stateId, holder);
          this.upsert.run(stateId, token, process.pid, this.host, Date.now() + LEASE_DURATION_MS);
        })
        .immediate(),
    );
    heldTokens.add(token);
    const lease = new SqliteLease(stateId, token, this);
    this.held.add(lease);
    return lease;
  }

  /**
   * Fencing, inside a write's transaction: throws LeaseLostError unless the leases table still
   * holds this lease's token for its State.
   */
  assertHeld(lease: { stateId: string; token?: string }): void {
    if (typeof lease.token !== "string") return;
    const row = this.select.get(lease.stateId);
    if (row?.token === lease.token) return;
    for (const held of this.held) if (held.token === lease.token) held.markLost();
    const holder = row ? `it was taken over by ${this.describe(row)}` : "its lease was removed";
    throw new LeaseLostError(lease.stateId, holder);
  }

  private describe(row: LeaseRow): string {
    if (heldTokens.has(row.token)) return `another run in this process (pid ${row.pid})`;
    return row.host === this.host ? `process ${row.pid}` : `process ${row.pid} on host "${row.host}"`;
  }

  /** Who runs `stateId` right now (for StateBusyError), or null when no live runner holds it. */
  liveHolder(stateId: string): string | null {
    const row = this.select.get(stateId);
    if (!row || this.isStale(row)) return null;
    return this.describe(row);
  }

  private isStale(row: LeaseRow): boolean {
    const now = Date.now();
    if (row.host !== this.host) return row.expires_at <= now;
    if (row.pid === process.pid) return !heldTokens.has(row.token); // else left by an earlier process with our pid
    if (!isProcessAlive(row.pid)) return true;
    return row.expires_at + LIVE_HOLDER_GRACE_MS <= now;
  }

  /** Push the expiry on; false when the lease is no longer ours, null when the database was busy. */
  extend(lease: SqliteLease): boolean | null {
    try {
      this.db.pragma(`busy_timeout = ${HEARTBEAT_BUSY_TIMEOUT_MS}`);
      try {
        return this.withoutFlush(() => this.touch.run(Date.now() + LEASE_DURATION_MS, lease.stateId, lease.token).changes > 0);
      } finally {
        this.db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
      }
    } catch {
      return this.db.open ? null : false;
    }
  }

  remove(lease: SqliteLease): void {
    this.held.delete(lease);
    if (this.db.open) this.withoutFlush(() => this.drop.run(lease.stateId, lease.token));
  }

  /** Runs a lease commit without a disk flush and without a checkpoint (see the top of this file). */
  private withoutFlush<T>(commit: () => T): T {
    // Part of a larger transaction (its own settings apply), or a commit that flushes nothing.
    if (this.db.inTransaction || !this.noFlush) return commit();
    for (const pragma of this.noFlush.off) runPragma(pragma);
    try {
      return commit();
    } finally {
      for (const pragma of this.noFlush.back) runPragma(pragma);
    }
  }

  /** Release every lease this store holds (on close). */
  releaseAll(): void {
    for (const lease of [...this.held]) lease.release();
  }
}

/** A prepared PRAGMA that sets a value: some answer with the new value (a row), others with nothing. */
function runPragma(pragma: BetterSqlite3.Statement): void {
  if (pragma.reader) pragma.get();
  else pragma.run();
}
