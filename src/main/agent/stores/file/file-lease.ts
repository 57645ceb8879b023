/**
 * A lease other processes see: a lock file created exclusively (O_EXCL), holding the
 * holder's pid, host and a token. Its modification time is the heartbeat, refreshed every
 * second while the lease is held. A lock whose process is gone (same host) or whose
 * heartbeat is older than a few seconds is taken over, so a killed runner does not block
 * the next one. The takeover moves the stale file aside with one rename and checks it
 * moved the file it judged stale, so two takers cannot both win.
 */
import { closeSync, fstatSync, futimesSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { LeaseLostError, StateBusyError, StateNotFoundError } from "../../errors";
import { FILE_MODE } from "../../platform/owner-only";
import { isProcessAlive } from "../../platform/process-alive";
import type { Lease } from "../store";

export const LEASE_HEARTBEAT_MS = 1000;
export const LEASE_STALE_MS = 5000;

interface LockInfo {
  pid: number;
  host: string;
  token: string;
  since: string;
}

interface LockSeen {
  info: LockInfo | null;
  mtimeMs: number;
  ino: number;
}

function readLock(path: string): LockSeen | null {
  try {
    const stat = statSync(path);
    let info: LockInfo | null = null;
    try {
      const parsed = JSON.parse(readFileSync(path, "utf8"));
      if (parsed && typeof parsed.pid === "number" && typeof parsed.token === "string") info = parsed;
    } catch {
      info = null; // being written, or garbage: judged by its age alone
    }
    return { info, mtimeMs: stat.mtimeMs, ino: stat.ino };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null; // no lock (or no State folder)
    throw error;
  }
}

function isStale(lock: LockSeen, now = Date.now()): boolean {
  if (lock.info && lock.info.host === hostname() && !isProcessAlive(lock.info.pid)) return true;
  return now - lock.mtimeMs > LEASE_STALE_MS;
}

function describeHolder(lock: LockSeen): string {
  if (!lock.info) return "another runner";
  const here = lock.info.host === hostname();
  if (here && lock.info.pid === process.pid) return `another run in this process (pid ${process.pid})`;
  return `process ${lock.info.pid}${here ? "" : ` on ${lock.info.host}`} (since ${lock.info.since})`;
}

/** True when a live runner holds the lock at `lockPath`. */
export function isLockHeld(lockPath: string): { held: boolean; holder: string } {
  const lock = readLock(lockPath);
  if (!lock || isStale(lock)) return { held: false, holder: "" };
  return { held: true, holder: describeHolder(lock) };
}

export function acquireFileLease(lockPath: string, stateId: string): Lease {
  const info: LockInfo = { pid: process.pid, host: hostname(), token: randomBytes(12).toString("hex"), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 8; attempt++) {
    let fd: number;
    try {
      fd = openSync(lockPath, "wx", FILE_MODE);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") throw new StateNotFoundError(stateId);
      if (code !== "EEXIST") throw error;
      const held = readLock(lockPath);
      if (!held) continue; // released meanwhile
      if (!isStale(held)) throw new StateBusyError(stateId, describeHolder(held));
      takeOver(lockPath, held, info.token, stateId);
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(info));
    } catch (error) {
      closeSync(fd);
      unlinkSync(lockPath);
      throw error;
    }
    return heldLease(lockPath, fd, stateId, info.token);
  }
  throw new StateBusyError(stateId, "other runners starting at the same moment");
}

/** Move the stale lock aside; if what moved was not the stale lock after all, put it back. */
function takeOver(lockPath: string, stale: LockSeen, token: string, stateId: string): void {
  const aside = `${lockPath}.stale-${token}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = readLock(aside);
  const same = moved !== null && moved.ino === stale.ino && (moved.info?.token ?? null) === (stale.info?.token ?? null);
  if (same) {
    unlinkSync(aside);
    return;
  }
  // Another runner had just taken it: restore its lock (unless yet another one exists) and give way.
  try {
    linkSync(aside, lockPath);
  } catch {
    // a newer lock is in place; it stands
  }
  unlinkSync(aside);
  throw new StateBusyError(stateId, moved ? describeHolder(moved) : "another runner");
}

/** A held FileStore lease: its token is in the lock file for as long as no other runner took it over. */
export interface FileLease extends Lease {
  readonly token: string;
  readonly lost: boolean;
  markLost(): void;
}

/**
 * Fencing of a run's write: throws LeaseLostError unless the lock file still holds this lease's
 * token (another runner took it over after this one stalled past LEASE_STALE_MS). Checked just
 * before the write: a takeover in the instant between the check and the write is not excluded
 * (files offer no transaction spanning both), so a FileStore fences a stalled runner that
 * wakes up, not one stopped exactly there.
 */
export function assertFileLeaseHeld(lockPath: string, lease: Lease): void {
  if (!isFileLease(lease)) return;
  const seen = readLock(lockPath);
  if (seen?.info?.token === lease.token && !lease.lost) return;
  lease.markLost();
  throw new LeaseLostError(lease.stateId, seen ? `it was taken over by ${describeHolder(seen)}` : "its lock file was removed");
}

function isFileLease(lease: Lease): lease is FileLease {
  return typeof lease.token === "string" && typeof (lease as Partial<FileLease>).markLost === "function";
}

function heldLease(lockPath: string, fd: number, stateId: string, token: string): FileLease {
  const ino = fstatSync(fd).ino;
  let released = false;
  let lost = false;
  const beat = () => {
    try {
      const now = new Date();
      futimesSync(fd, now, now);
    } catch {
      // the next beat tries again; a lease not refreshed lapses after LEASE_STALE_MS
    }
  };
  const timer = setInterval(beat, LEASE_HEARTBEAT_MS);
  timer.unref();
  return {
    stateId,
    token,
    get lost() {
      return lost;
    },
    markLost() {
      lost = true;
    },
    confirm() {
      assertFileLeaseHeld(lockPath, this);
    },
    release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      try {
        if (statSync(lockPath).ino === ino) unlinkSync(lockPath);
      } catch {
        // already gone (taken over or the State deleted)
      }
      closeSync(fd);
    },
  };
}
