/**
 * The FileStore lease: a lock file only one runner holds; a lock whose process is gone or
 * whose heartbeat is old is taken over; a fresh lock of a live runner is respected.
 */
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { Agent, FileStore, State, StateBusyError, StateNotFoundError } from "../../src/main/agent";
import { LEASE_HEARTBEAT_MS, LEASE_STALE_MS } from "../../src/main/agent/stores/file/file-lease";
import { makeTempDir, removeDir, MODEL } from "./helpers";

let dir: string;
let store: FileStore;
beforeEach(async () => {
  dir = makeTempDir();
  store = new FileStore(dir);
  await new Agent({ model: MODEL, store }).save(new State("Task", { id: "leased" }));
});
afterEach(() => {
  vi.useRealTimers();
  removeDir(dir);
});

const lockFile = () => join(dir, "leased", "lock");
const writeLock = (holder: object, ageMs: number) => {
  writeFileSync(lockFile(), JSON.stringify(holder), { mode: 0o600 });
  const when = new Date(Date.now() - ageMs);
  utimesSync(lockFile(), when, when);
};

it("holds an owner-only lock naming this process, refuses a second holder, and removes it on release", async () => {
  const lease = await store.acquireLease("leased");
  expect(statSync(lockFile()).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(lockFile(), "utf8"))).toMatchObject({ pid: process.pid });
  expect(() => new FileStore(dir).acquireLease("leased")).toThrow(StateBusyError);
  await lease.release();
  expect(existsSync(lockFile())).toBe(false);
  const again = await store.acquireLease("leased");
  await again.release();
});

it("respects a fresh lock of a runner on another host", () => {
  writeLock({ pid: 1, host: "another-host", token: "t1", since: "2025-01-01T00:00:00.000Z" }, 0);
  expect(() => store.acquireLease("leased")).toThrow(/process 1 on another-host/);
});

it("takes over a lock whose heartbeat is older than the stale limit", async () => {
  writeLock({ pid: 1, host: "another-host", token: "t2", since: "2025-01-01T00:00:00.000Z" }, LEASE_STALE_MS + 2000);
  const lease = await store.acquireLease("leased");
  expect(JSON.parse(readFileSync(lockFile(), "utf8")).pid).toBe(process.pid);
  await lease.release();
});

it("takes over at once a lock of a process on this host that is gone", async () => {
  const { hostname } = await import("node:os");
  writeLock({ pid: 2 ** 22 + 12345, host: hostname(), token: "t3", since: "2025-01-01T00:00:00.000Z" }, 0);
  const lease = await store.acquireLease("leased");
  await lease.release();
});

it("judges an unreadable lock by its age alone", async () => {
  writeFileSync(lockFile(), "");
  expect(() => store.acquireLease("leased")).toThrow(StateBusyError);
  const old = new Date(Date.now() - LEASE_STALE_MS - 2000);
  utimesSync(lockFile(), old, old);
  const lease = await store.acquireLease("leased");
  await lease.release();
});

it("refreshes its heartbeat while held", async () => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  const lease = await store.acquireLease("leased");
  const old = new Date(Date.now() - 60_000);
  utimesSync(lockFile(), old, old);
  vi.advanceTimersByTime(LEASE_HEARTBEAT_MS);
  expect(Date.now() - statSync(lockFile()).mtimeMs).toBeLessThan(LEASE_STALE_MS);
  await lease.release();
});

it("refuses to delete a State a live runner holds, and a lease of a State that does not exist", async () => {
  const lease = await store.acquireLease("leased");
  await expect(store.delete("leased")).rejects.toBeInstanceOf(StateBusyError);
  await lease.release();
  await store.delete("leased");
  expect(() => store.acquireLease("leased")).toThrow(StateNotFoundError);
});
