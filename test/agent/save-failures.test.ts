/**
 * The save-failure rules: the store's error in a good run; the original error with the
 * failed save as a note in a failing run (same class); an abort while saving wins; a failed
 * save after one tool result does not stop the others, and the save at the end of
 * use_tools writes what is missing or throws; nothing unsaved is lost.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent, State, type EntryRecord, type Snapshot, type Tool, type WriteOptions } from "../../src/main/agent";
import { startModelServer, type ModelServer } from "../support/model-server";
import { EventLog, MODEL, RecordingStore, clientFor, rejectionOf } from "./helpers";

let server: ModelServer;
beforeEach(async () => {
  server = await startModelServer();
});
afterEach(async () => {
  await server.close();
});

const diskFull = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });

describe("if saving fails", () => {
  it("a run going well throws the store's error, and the next save writes what was missing", async () => {
    const store = new RecordingStore();
    server.script({ text: "Hello." });
    const agent = new Agent({ model: MODEL, client: clientFor(server), store });
    const state = new State("Hi", { id: "good-run" });
    await agent.save(state);
    const storeError = diskFull();
    store.failWhen((write) => (write.kinds.includes("assistant") ? storeError : null));
    const failure = await rejectionOf(agent.run(state));
    expect(failure).toBe(storeError);
    expect(failure.message).not.toContain("also failed");
    expect(state.stoppedBy).toBe("error");
    store.failWhen(null);
    await agent.save(state);
    const loaded = await store.load("good-run");
    expect(loaded.history.map((e) => e.kind)).toEqual(["user", "assistant", "error"]);
    expect(loaded.stoppedBy).toBe("error");
  });

  it("a failing run throws the original error (same SDK class) with the failed save as a note", async () => {
    const store = new RecordingStore();
    const limited = { error: { status: 429, type: "rate_limit_error", message: "Number of requests has exceeded your rate limit" }, retryAfterMs: 1 };
    server.script(limited, limited, limited);
    const agent = new Agent({ model: MODEL, client: clientFor(server, 2), store });
    const state = new State("Hi", { id: "limited" });
    await agent.save(state);
    store.failWrites(100, diskFull);
    const failure = await rejectionOf(agent.run(state));
    expect(server.requests).toHaveLength(3); // the SDK retried twice
    expect(failure).toBeInstanceOf(Anthropic.RateLimitError);
    expect(failure.name).toBe("RateLimitError");
    expect(failure.notes).toEqual(["saving the state also failed: Error: ENOSPC: no space left on device, write"]);
    expect(failure.message).toContain("saving the state also failed: Error: ENOSPC");
    expect(failure.stack).toContain("saving the state also failed");
    // Nothing is lost: the error entry waits in memory for the next save.
    store.failWrites(0, diskFull);
    await agent.save(state);
    const loaded = await store.load("limited");
    expect(loaded.stoppedBy).toBe("error");
    expect(loaded.history.at(-1)).toMatchObject({ kind: "error", name: "RateLimitError", error: null });
    expect(loaded.history.at(-1)!.text).toMatch(/^RateLimitError: 429/);
  });

  it("an overloaded model surfaces as the SDK's OverloadedError, recorded and saved", async () => {
    const store = new RecordingStore();
    const overloaded = { error: { status: 529, type: "overloaded_error", message: "Overloaded" }, retryAfterMs: 1 };
    server.script(overloaded, overloaded);
    const agent = new Agent({ model: MODEL, client: clientFor(server, 1), store });
    const state = new State("Hi", { id: "overloaded" });
    const failure = await rejectionOf(agent.run(state));
    expect(failure).toBeInstanceOf(Anthropic.OverloadedError);
    expect(failure.notes).toBeUndefined();
    const loaded = await store.load("overloaded");
    expect(loaded.stoppedBy).toBe("error");
    expect(loaded.history.at(-1)).toMatchObject({ kind: "error", name: "OverloadedError" });
  });

  it("an abort that arrives while saving is thrown instead of the original error", async () => {
    let writeStarted: () => void = () => undefined;
    let releaseWrite: () => void = () => undefined;
    const started = new Promise<void>((r) => (writeStarted = r));
    const released = new Promise<void>((r) => (releaseWrite = r));
    class SlowStore extends RecordingStore {
      hold = false;
      override async write(id: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions): Promise<void> {
        if (this.hold) {
          writeStarted();
          await released;
          throw diskFull();
        }
        super.write(id, entries, snapshot, options);
      }
    }
    const store = new SlowStore();
    server.script({ error: { status: 400, type: "invalid_request_error", message: "bad" } });
    const agent = new Agent({ model: MODEL, client: clientFor(server), store });
    const state = new State("Hi", { id: "abort-while-saving" });
    await agent.save(state);
    const controller = new AbortController();
    const log = new EventLog();
    const running = rejectionOf(agent.run(state, { signal: controller.signal, onEvent: log.onEvent }));
    await log.next("think_end"); // the model request failed; the run is failing
    store.hold = true;
    await started; // the final save is in progress
    const reason = new Error("stopped by the person");
    reason.name = "StopRequested";
    controller.abort(reason);
    releaseWrite();
    const failure = await running;
    expect(failure).toBe(reason);
    expect(failure.notes).toEqual(["saving the state also failed: Error: ENOSPC: no space left on device, write"]);
  });
});

it("a create that landed but reported an error is finished by the next save, not refused as a duplicate", async () => {
  const store = new RecordingStore();
  const agent = new Agent({ model: MODEL, client: clientFor(server), store });
  const state = new State("Hi", { id: "landed" });
  store.landNextThenFail();
  expect((await rejectionOf(agent.run(state))).message).toBe("connection lost after the commit");
  expect(server.requests).toHaveLength(0);
  state.addUserMessage("again");
  await agent.save(state);
  expect((await store.load("landed")).history.map((e) => e.text)).toEqual(["Hi", "again"]);
  // Another State with that id is still refused.
  await expect(agent.save(new State("Other", { id: "landed" }))).rejects.toThrow(/already saved/);
});

describe("a failed save after one tool result", () => {
  const twoTools = (log: EventLog): Tool[] => [
    { name: "first", description: "Returns at once.", inputSchema: { type: "object" }, run: () => "first result" },
    {
      name: "second",
      description: "Returns once the first result's save has failed.",
      inputSchema: { type: "object" },
      run: async () => {
        await log.next("save", (e) => e.point === "tool_result" && !e.ok);
        return "second result";
      },
    },
  ];

  it("does not stop the sibling tools; the next save writes what was missing", async () => {
    const store = new RecordingStore();
    const log = new EventLog();
    let failedOnce = false;
    store.failWhen((write) => (write.kinds.includes("tool_result") && !failedOnce ? ((failedOnce = true), diskFull()) : null));
    server.script({ toolUses: [{ id: "a", name: "first", input: {} }, { id: "b", name: "second", input: {} }] }, { text: "Both done." });
    const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: twoTools(log) });
    const state = new State("Go", { id: "sibling" });
    expect(await agent.run(state, { onEvent: log.onEvent })).toBe("Both done.");
    const results = log.ofType("save").filter((e) => e.point === "tool_result");
    expect(results.map((e) => [e.ok, e.entries])).toEqual([
      [false, 0],
      [true, 2], // the second result's save also wrote the first, which had failed
    ]);
    const stored = store.stored("sibling")!.entries.filter((e) => e.kind === "tool_result");
    expect(stored.map((e) => e.text)).toEqual(["first result", "second result"]);
  });

  it("the save at the end of use_tools writes what is missing, or throws", async () => {
    const store = new RecordingStore();
    const log = new EventLog();
    // Both result saves fail (the second one while the first's result is still unsaved)...
    let resultSaves = 0;
    store.failWhen((write) => (write.kinds.includes("tool_result") && ++resultSaves <= 2 ? diskFull() : null));
    server.script({ toolUses: [{ id: "a", name: "first", input: {} }, { id: "b", name: "second", input: {} }] }, { text: "ok" });
    const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: twoTools(log) });
    const state = new State("Go", { id: "end-of-tools" });
    await agent.run(state, { onEvent: log.onEvent });
    const saves = log.ofType("save").map((e) => `${e.point}:${e.ok}:${e.entries}`);
    expect(saves).toContain("after_use_tools:true:2");

    // ...and when that save fails too, the run throws the store's error.
    const store2 = new RecordingStore();
    const log2 = new EventLog();
    const storeError = diskFull();
    store2.failWhen((write) => (write.kinds.includes("tool_result") ? storeError : null));
    server.script({ toolUses: [{ id: "a", name: "first", input: {} }, { id: "b", name: "second", input: {} }] });
    const agent2 = new Agent({ model: MODEL, client: clientFor(server), store: store2, tools: twoTools(log2) });
    const failure = await rejectionOf(agent2.run(new State("Go"), { onEvent: log2.onEvent }));
    expect(failure).toBe(storeError);
    expect(log2.ofType("tool_end").map((e) => e.status)).toEqual(["done", "done"]);
    expect(log2.ofType("save").find((e) => e.point === "after_use_tools")).toMatchObject({ ok: false });
  });
});
