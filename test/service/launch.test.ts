/**
 * The first screen in one answer (`app:launch`): settings, the sidebar's first page and the
 * conversation that was open at the last quit, remembered in a versioned file across a
 * relaunch; and the conversations whose last run was cut short, asked for afterwards.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { assistantEntry, snapshotOf, userEntry } from "../../bench/lib/conversation";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import { WINDOW_STATE_FILE_NAME, WINDOW_STATE_VERSION } from "../../src/main/service/window-state";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";
import { EVERYTHING_SERVER, MCP_TEST_TIMEOUT_MS, ready, waitForServer } from "./mcp-helpers";
import { MCP_SETTINGS_VERSION } from "../../src/main/service/mcp/mcp-settings-file";

let fixture: ServiceFixture | null = null;
const relaunched: ServiceFixture[] = [];
afterEach(async () => {
  for (const service of relaunched.splice(0)) await service.service.shutdown();
  await fixture?.close();
  fixture = null;
});

/** Quit this service and start another on the same data folder, like relaunching the app. */
async function relaunch(from: ServiceFixture): Promise<ServiceFixture> {
  await from.service.shutdown();
  const next = from.reopen();
  relaunched.push(next);
  return next;
}

/** Saved conversations `c0`..: those in `interrupted` stopped that way, the others ended by themselves. */
function seed(dataFolder: string, count: number, interrupted: Record<number, "aborted" | null>): void {
  fs.mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
  const store = new SqliteStore(path.join(dataFolder, DATABASE_FILE_NAME));
  try {
    for (let i = 0; i < count; i++) {
      const records = [userEntry(0, `Task ${i}`), assistantEntry(1, `Answer ${i}`)];
      const stoppedBy = i in interrupted ? interrupted[i] : "end_turn";
      store.write(`c${i}`, records, { ...snapshotOf(`c${i}`, `Task ${i}`, 2), stoppedBy }, { create: true });
    }
  } finally {
    store.close();
  }
}

describe("launching the window", () => {
  it("answers with settings, the first page and no open conversation the first time", async () => {
    fixture = await openService();
    const launch = await fixture.call("app:launch", { listLimit: 50 });
    expect(launch.settings.hasApiKey).toBe(true);
    expect(launch.info.dataFolder).toBe(fixture.dataFolder);
    expect(launch.list).toEqual({ items: [], total: 0 });
    expect(launch.open).toBeNull();
  });

  it("reopens the conversation that was open, across a relaunch, and forgets one deleted since", async () => {
    fixture = await openService();
    const { id } = await fixture.call("runs:start", { text: "Plan a trip" });
    await fixture.log.step(id, "run_end");
    await fixture.call("window:remember", { openConversationId: id });
    const file = JSON.parse(fs.readFileSync(path.join(fixture.dataFolder, WINDOW_STATE_FILE_NAME), "utf8"));
    expect(file).toEqual({ version: 1, openConversationId: id });

    const again = await relaunch(fixture);
    const launch = await again.call("app:launch", {});
    expect(launch.open?.summary.id).toBe(id);
    expect(launch.open?.entries.length).toBeGreaterThan(0);
    expect(launch.list.items[0].id).toBe(id);

    await again.call("conversations:delete", { id });
    expect((await again.call("app:launch", {})).open).toBeNull();
  });

  it("opens on a new conversation when the file is garbled, and leaves a newer Alpine's file untouched", async () => {
    fixture = await openService();
    const file = path.join(fixture.dataFolder, WINDOW_STATE_FILE_NAME);
    fs.writeFileSync(file, "{not json");
    let again = await relaunch(fixture);
    expect((await again.call("app:launch", {})).open).toBeNull();
    fs.writeFileSync(file, JSON.stringify({ version: 99, openConversationId: "x", more: 1 }));
    again = await relaunch(again);
    expect((await again.call("app:launch", {})).open).toBeNull();
    await again.call("window:remember", { openConversationId: null });
    await again.call("window:remember", { openConversationId: "abc" });
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ version: 99, openConversationId: "x", more: 1 });
  });

  it("counts the conversations whose last run was cut short and lists them newest first", async () => {
    const dataFolder = makeTempDir();
    try {
      seed(dataFolder, 30, { 3: null, 7: "aborted", 20: null });
      fixture = await openService({ dataFolder });
      const interrupted = await fixture.call("conversations:interrupted", {});
      expect(interrupted.count).toBe(3);
      expect(interrupted.items.map((s: { id: string }) => s.id).sort()).toEqual(["c20", "c3", "c7"]);
    } finally {
      await fixture?.close();
      fixture = null;
      removeDir(dataFolder);
    }
  });

  it("answers the first screen from rows and pages: no whole history, no whole list is read", async () => {
    const dataFolder = makeTempDir();
    try {
      seed(dataFolder, 30, { 3: null, 7: "aborted" });
      const store = new SqliteStore(path.join(dataFolder, DATABASE_FILE_NAME));
      const long = Array.from({ length: 600 }, (_, seq) => (seq % 2 === 0 ? userEntry(seq, `Question ${seq}`) : assistantEntry(seq, `Answer ${seq}`)));
      store.write("long", long, { ...snapshotOf("long", "A long conversation", long.length), updatedAt: new Date().toISOString() }, { create: true });
      store.close();
      fs.writeFileSync(path.join(dataFolder, WINDOW_STATE_FILE_NAME), JSON.stringify({ version: WINDOW_STATE_VERSION, openConversationId: "long" }));
      fixture = await openService({ dataFolder });
      // Whatever the service's parts wrap the database in, these are the reads that grow with a history or with the list.
      const whole = [vi.spyOn(SqliteStore.prototype, "read"), vi.spyOn(SqliteStore.prototype, "list"), vi.spyOn(SqliteStore.prototype, "load")];
      try {
        const launch = await fixture.call("app:launch", { listLimit: 10 });
        expect(launch.open.summary.id).toBe("long");
        expect(launch.open.entries.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: 200 }, (_, i) => 400 + i));
        expect(launch.list.items).toHaveLength(10);
        expect(launch.list.total).toBe(31);
        const interrupted = await fixture.call("conversations:interrupted", {});
        expect(interrupted.count).toBe(2);
        const older = await fixture.call("conversations:entries", { id: "long", beforeSeq: 400, limit: 100 });
        expect(older.firstSeq).toBe(300);
        for (const spy of whole) expect([spy.getMockName(), spy.mock.calls.length]).toEqual([spy.getMockName(), 0]);
      } finally {
        for (const spy of whole) spy.mockRestore();
      }
    } finally {
      await fixture?.close();
      fixture = null;
      removeDir(dataFolder);
    }
  });

  it("warms the first screen's reads before the window asks, changing and keeping nothing", async () => {
    const dataFolder = makeTempDir();
    try {
      seed(dataFolder, 5, {});
      const stateFile = path.join(dataFolder, WINDOW_STATE_FILE_NAME);
      fs.writeFileSync(stateFile, JSON.stringify({ version: WINDOW_STATE_VERSION, openConversationId: "c2" }));
      fixture = await openService({ dataFolder });
      const pageReads = vi.spyOn(SqliteStore.prototype, "readSeqRange");
      try {
        await fixture.service.prepareFirstScreen(50, 20);
        expect(pageReads).toHaveBeenCalled(); // the reopened conversation's page was read
      } finally {
        pageReads.mockRestore();
      }
      expect(fixture.log.events).toEqual([]);
      // Gone since: preparing forgets nothing; the window's own request does, as before.
      await fixture.call("conversations:delete", { id: "c2" });
      await fixture.service.prepareFirstScreen(50, 20);
      expect(JSON.parse(fs.readFileSync(stateFile, "utf8")).openConversationId).toBe("c2");
      expect((await fixture.call("app:launch", {})).open).toBeNull();
      expect(JSON.parse(fs.readFileSync(stateFile, "utf8")).openConversationId).toBeNull();
    } finally {
      await fixture?.close();
      fixture = null;
      removeDir(dataFolder);
    }
  });

  it("lets I/O waiting meanwhile (the window's files) go before and between the first screen's reads", async () => {
    const dataFolder = makeTempDir();
    try {
      seed(dataFolder, 5, {});
      fs.writeFileSync(path.join(dataFolder, WINDOW_STATE_FILE_NAME), JSON.stringify({ version: WINDOW_STATE_VERSION, openConversationId: "c2" }));
      fixture = await openService({ dataFolder });
      const conversations = fixture.service.conversations;
      const order: string[] = [];
      const list = conversations.list.bind(conversations);
      const get = conversations.get.bind(conversations);
      // Stand-ins for the window's file requests: one waiting as the preparation begins, one arriving while the list is read.
      const listSpy = vi.spyOn(conversations, "list").mockImplementation((request) => {
        order.push("list");
        setImmediate(() => order.push("request meanwhile"));
        return list(request);
      });
      const getSpy = vi.spyOn(conversations, "get").mockImplementation((id, tail) => (order.push("get"), get(id, tail)));
      try {
        setImmediate(() => order.push("waiting request"));
        await fixture.service.prepareFirstScreen(50, 20).then(() => order.push("prepared"));
      } finally {
        listSpy.mockRestore();
        getSpy.mockRestore();
      }
      expect(order).toEqual(["waiting request", "list", "request meanwhile", "get", "prepared"]);
    } finally {
      await fixture?.close();
      fixture = null;
      removeDir(dataFolder);
    }
  });

  it("answers a launch asked while the first screen is being prepared after that preparation, not alongside it", async () => {
    fixture = await openService();
    const conversations = fixture.service.conversations;
    const list = conversations.list.bind(conversations);
    let prepared = false;
    const listedWhenPrepared: boolean[] = [];
    const spy = vi.spyOn(conversations, "list").mockImplementation((request) => {
      listedWhenPrepared.push(prepared);
      return list(request);
    });
    try {
      void fixture.service.prepareFirstScreen(50, 20).then(() => (prepared = true));
      expect((await fixture.call("app:launch", {})).list.total).toBe(0);
      expect(listedWhenPrepared).toEqual([false, true]);
    } finally {
      spy.mockRestore();
    }
  });

  it("removes old database backups once the first screen is shown, not before it", async () => {
    const dataFolder = makeTempDir();
    try {
      fs.mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
      const names = [1, 2, 3, 4, 5].map((minute) => `${DATABASE_FILE_NAME}.backup-v5-2026-11-30T10-0${minute}-00-000Z`);
      for (const name of names) fs.writeFileSync(path.join(dataFolder, name), "a copy");
      const backups = () => fs.readdirSync(dataFolder).filter((name) => name.includes(".backup-v")).sort();
      fixture = await openService({ dataFolder, service: { mcpStartDelayMs: 600_000 } });
      await fixture.call("app:launch", { listLimit: 50 });
      expect(backups()).toEqual(names);
      await fixture.call("app:shown", {});
      expect(backups()).toEqual(names.slice(2));
    } finally {
      await fixture?.close();
      fixture = null;
      removeDir(dataFolder);
    }
  });

  it(
    "starts the configured MCP servers once the window says its first screen is shown, not before",
    async () => {
      const dataFolder = makeTempDir();
      try {
        fs.mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
        const servers = [{ name: "everything", transport: "stdio", command: process.execPath, args: [EVERYTHING_SERVER, "stdio"] }];
        fs.writeFileSync(path.join(dataFolder, "mcp.json"), JSON.stringify({ version: MCP_SETTINGS_VERSION, servers }));
        // The fallback start (no window) far away: only the window's word starts them here.
        fixture = await openService({ dataFolder, service: { mcpStartDelayMs: 600_000 } });
        await fixture.call("app:launch", { listLimit: 50 });
        await fixture.call("conversations:interrupted", {});
        const before = await fixture.call("tools:get", {});
        expect(before.servers.map((s: { pid: number | null; connectedBy: string | null }) => [s.pid, s.connectedBy])).toEqual([[null, null]]);
        expect(fixture.log.events.some((e) => e.type === "mcp_changed")).toBe(false);
        expect(await fixture.call("app:shown", {})).toEqual({ ok: true });
        const started = await waitForServer(fixture, "everything", ready, "ready after the first screen");
        expect(started.pid).toBeGreaterThan(0);
      } finally {
        await fixture?.close();
        fixture = null;
        removeDir(dataFolder);
      }
    },
    MCP_TEST_TIMEOUT_MS,
  );
});
