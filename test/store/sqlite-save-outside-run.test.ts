/**
 * agent.save outside a run on SqliteStore: the check that no runner holds the State and
 * that the copy is current happens inside the save's own transaction, so the save writes
 * no lease row (two fewer commits per save), and still refuses what it must.
 */
import os from "node:os";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import Database from "better-sqlite3";
import { afterEach, expect, it } from "vitest";
import { Agent } from "../../src/main/agent/run/agent";
import { StaleStateError, StateBusyError } from "../../src/main/agent/errors";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { State } from "../../src/main/agent/state/state";
import { useTempDirs } from "./temp-dirs";

const tempDir = useTempDirs();
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function setUp(): { store: SqliteStore; agent: Agent; leaseRowsWritten: () => number; raw: Database.Database } {
  const file = path.join(tempDir(), "alpine.sqlite3");
  const store = new SqliteStore(file);
  // A second connection counts every lease row ever inserted, whoever inserts it.
  const raw = new Database(file);
  raw.exec(`
    CREATE TABLE lease_log (n INTEGER);
    CREATE TRIGGER count_leases AFTER INSERT ON leases BEGIN INSERT INTO lease_log VALUES (1); END;
  `);
  closers.push(() => store.close(), () => raw.close());
  // No request is ever made: saving needs no model.
  const agent = new Agent({ model: "claude-sonnet-4-6", store, client: new Anthropic({ apiKey: "unused", baseURL: "http://127.0.0.1:9" }) });
  return { store, agent, raw, leaseRowsWritten: () => raw.prepare("SELECT count(*) FROM lease_log").pluck().get() as number };
}

it("saves a message added between runs without writing a lease", async () => {
  const { store, agent, leaseRowsWritten } = setUp();
  const state = new State("Plan the trip", { id: "trip" });
  await agent.save(state);
  state.addUserMessage("Add a day in Porto");
  await agent.save(state);
  expect(leaseRowsWritten()).toBe(0);
  expect((await store.load("trip")).history.map((e) => e.text)).toEqual(["Plan the trip", "Add a day in Porto"]);
});

it("refuses to save over a live runner in another process, writing nothing", async () => {
  const { store, agent, raw } = setUp();
  const state = new State("Plan the trip", { id: "trip" });
  await agent.save(state);
  // A runner that is alive: this test's parent process, on this host.
  raw.prepare("INSERT INTO leases (state_id, token, pid, host, expires_at) VALUES (?, ?, ?, ?, ?)").run("trip", "other", process.ppid, os.hostname(), Date.now() + 60_000);
  state.addUserMessage("Add a day in Porto");
  await expect(agent.save(state)).rejects.toBeInstanceOf(StateBusyError);
  expect(store.info("trip")?.entryCount).toBe(1);
  raw.prepare("DELETE FROM leases").run();
  await agent.save(state); // the message was kept: it is written once the runner is gone
  expect(store.info("trip")?.entryCount).toBe(2);
});

it("refuses to save a copy another save went on from, writing nothing", async () => {
  const { store, agent } = setUp();
  await agent.save(new State("Plan the trip", { id: "trip" }));
  const first = await store.load("trip");
  const second = await store.load("trip");
  first.addUserMessage("Porto");
  await agent.save(first);
  second.addUserMessage("Lisbon");
  await expect(agent.save(second)).rejects.toBeInstanceOf(StaleStateError);
  expect((await store.load("trip")).history.map((e) => e.text)).toEqual(["Plan the trip", "Porto"]);
});
