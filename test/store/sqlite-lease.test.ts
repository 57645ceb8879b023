/**
 * SqliteStore's lease: a row in `leases` other processes see. A live holder refuses
 * others; a holder that is gone (this host) or silent past the expiry is taken over.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StateBusyError } from "../../src/main/agent/errors";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { HEARTBEAT_MS, LEASE_DURATION_MS, LIVE_HOLDER_GRACE_MS, type SqliteLease } from "../../src/main/agent/stores/sqlite/lease";
import { entriesUpTo, makeSnapshot } from "./records";
import { useTempDirs } from "./temp-dirs";

const tempDir = useTempDirs();
const stores: SqliteStore[] = [];
const connections: Database.Database[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const store of stores.splice(0)) store.close();
  for (const db of connections.splice(0)) db.close();
});

interface LeaseRow {
  state_id: string;
  token: string;
  pid: number;
  host: string;
  expires_at: number;
}

function setup(): { store: SqliteStore; rows: () => LeaseRow[]; plant: (row: Omit<LeaseRow, "state_id">) => void; db: Database.Database } {
  const file = path.join(tempDir(), "alpine.sqlite3");
  const store = new SqliteStore(file);
  stores.push(store);
  const db = new Database(file);
  connections.push(db);
  return {
    store,
    db,
    rows: () => db.prepare("SELECT * FROM leases ORDER BY state_id").all() as LeaseRow[],
    plant: (row) =>
      db
        .prepare("INSERT OR REPLACE INTO leases (state_id, token, pid, host, expires_at) VALUES ('s', ?, ?, ?, ?)")
        .run(row.token, row.pid, row.host, row.expires_at),
  };
}

function busyMessage(store: SqliteStore): string {
  try {
    store.acquireLease("s");
  } catch (error) {
    expect(error).toBeInstanceOf(StateBusyError);
    return (error as Error).message;
  }
  throw new Error("the lease was granted");
}

/** The pid of a process that has ended (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn("true");
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

describe("SqliteStore leases", () => {
  it("refuses while a live process of another host holds the lease, and takes it over once it expired", () => {
    const { store, rows, plant } = setup();
    plant({ token: "theirs", pid: 4242, host: "far-away", expires_at: Date.now() + 60_000 });
    const message = busyMessage(store);
    expect(message).toContain('State "s"');
    expect(message).toContain('process 4242 on host "far-away"');

    plant({ token: "theirs", pid: 4242, host: "far-away", expires_at: Date.now() - 1 });
    const lease = store.acquireLease("s");
    expect(rows()).toMatchObject([{ state_id: "s", pid: process.pid, host: os.hostname() }]);
    lease.release();
    expect(rows()).toEqual([]);
  });

  it("refuses while a live process of this host holds it, even with a late heartbeat, naming its pid", () => {
    const { store, rows, plant } = setup();
    const alive = process.ppid;
    plant({ token: "parent", pid: alive, host: os.hostname(), expires_at: Date.now() + 60_000 });
    expect(busyMessage(store)).toContain(`process ${alive}`);
    plant({ token: "parent", pid: alive, host: os.hostname(), expires_at: Date.now() - LIVE_HOLDER_GRACE_MS / 2 });
    expect(busyMessage(store)).toContain(`process ${alive}`);
    // Silent for longer than the grace: the pid is taken to be another process's now.
    plant({ token: "parent", pid: alive, host: os.hostname(), expires_at: Date.now() - LIVE_HOLDER_GRACE_MS - 1 });
    store.acquireLease("s");
    expect(rows()[0].pid).toBe(process.pid);
  });

  it("takes over at once the unexpired lease of a process of this host that is gone", async () => {
    const { store, rows, plant } = setup();
    plant({ token: "killed", pid: await deadPid(), host: os.hostname(), expires_at: Date.now() + 60_000 });
    const lease = store.acquireLease("s");
    expect(rows()[0].pid).toBe(process.pid);
    lease.release();
  });

  it("extends the lease every heartbeat, notices a takeover, and then releases only its own row", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const { store, rows, db } = setup();
    const lease = store.acquireLease("s") as SqliteLease;
    const start = Date.now();
    expect(rows()[0].expires_at).toBe(start + LEASE_DURATION_MS);
    vi.advanceTimersByTime(HEARTBEAT_MS * 3);
    expect(rows()[0].expires_at).toBe(start + HEARTBEAT_MS * 3 + LEASE_DURATION_MS);
    expect(lease.lost).toBe(false);

    db.prepare("UPDATE leases SET token = 'thief', pid = 1 WHERE state_id = 's'").run(); // taken over meanwhile
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(lease.lost).toBe(true);
    lease.release();
    expect(rows()).toMatchObject([{ token: "thief" }]);
  });

  it.each(["FULL", "NORMAL"] as const)("leaves the connection's settings as they were after its commits, with synchronous=%s", (synchronous) => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const file = path.join(tempDir(), "alpine.sqlite3");
    const store = new SqliteStore(file, { synchronous, busyTimeoutMs: 1234 });
    stores.push(store);
    const before = store.settings();
    expect(before).toMatchObject({ synchronous, busyTimeoutMs: 1234, walAutoCheckpointPages: 1000 });
    const lease = store.acquireLease("s");
    expect(store.settings()).toEqual(before);
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    expect(store.settings()).toEqual(before);
    lease.release();
    expect(store.settings()).toEqual(before);
    // Each commit is in the database for another connection to read.
    const db = new Database(file);
    connections.push(db);
    expect(db.prepare("SELECT count(*) AS n FROM leases").get()).toEqual({ n: 0 });
    store.acquireLease("t");
    expect(db.prepare("SELECT state_id FROM leases").all()).toEqual([{ state_id: "t" }]);
  });

  it("lets the next runner in after release, and releases what it holds on close", () => {
    const { store, rows } = setup();
    store.acquireLease("s").release();
    store.acquireLease("s");
    store.acquireLease("t");
    expect(rows().map((r) => r.state_id)).toEqual(["s", "t"]);
    store.close();
    expect(rows()).toEqual([]);
  });

  it("deletes a State together with a stale lease row", async () => {
    const { store, rows, plant } = setup();
    store.write("s", entriesUpTo(2), makeSnapshot("s", { entryCount: 2 }), { create: true });
    plant({ token: "killed", pid: await deadPid(), host: os.hostname(), expires_at: Date.now() + 60_000 });
    store.delete("s");
    expect(rows()).toEqual([]);
    expect(store.read("s")).toBeNull();
  });
});
