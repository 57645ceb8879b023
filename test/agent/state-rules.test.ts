/**
 * The rules of a State: ids are checked at once; a new State with a saved id is refused
 * before the first model request; a State is saved in one store (two FileStores on one
 * folder are the same store); one runner at a time; ResumeWarning when the Agent changed.
 */
import { describe, expect, it } from "vitest";
import { Agent, FileStore, InvalidStateIdError, ResumeWarning, State, StaleStateError, StateBusyError, StateExistsError, StoreMismatchError, type StepEvent, type Tool } from "../../src/main/agent";
import { type ModelServer } from "../support/model-server";
import { EventLog, MODEL, RecordingStore, clientFor, rejectionOf, useModelServerAndTempDir } from "./helpers";

let server: ModelServer;
let dir: string;
useModelServerAndTempDir((started, folder) => {
  server = started;
  dir = folder;
});

describe("ids", () => {
  it.each(["", "has space", "dot.ted", "slash/y", "ümlaut", "x".repeat(129), "new\nline"])("refuses %j at once", (id) => {
    expect(() => new State("Task", { id })).toThrow(InvalidStateIdError);
  });

  it("accepts letters, digits, _ and - up to 128 characters, and makes random ones", () => {
    expect(new State("Task", { id: "review-pr_42" }).id).toBe("review-pr_42");
    expect(new State("Task", { id: "A".repeat(128) }).id).toHaveLength(128);
    const a = new State("Task").id;
    expect(a).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    expect(new State("Task").id).not.toBe(a);
  });

  it("refuses a new State whose id the store has, before any model request", async () => {
    const store = new FileStore(dir);
    server.script({ text: "first" });
    const agent = new Agent({ model: MODEL, client: clientFor(server), store });
    await agent.run(new State("Review pull request 42", { id: "review-pr-42" }));
    const before = server.requests.length;
    const failure = await rejectionOf(agent.run(new State("Something else", { id: "review-pr-42" })));
    expect(failure).toBeInstanceOf(StateExistsError);
    expect(failure.message).toContain('store.load("review-pr-42")');
    expect(server.requests.length).toBe(before);
    // The saved one is untouched.
    expect((await store.load("review-pr-42")).task).toBe("Review pull request 42");
  });
});

describe("one store per State", () => {
  it("refuses to run or save a State with an Agent on another store", async () => {
    const storeA = new FileStore(`${dir}/a`);
    const storeB = new FileStore(`${dir}/b`);
    server.script({ text: "hi" });
    const state = new State("Task", { id: "mine" });
    await new Agent({ model: MODEL, client: clientFor(server), store: storeA }).run(state);
    const other = new Agent({ model: MODEL, client: clientFor(server), store: storeB });
    await expect(other.run(state)).rejects.toBeInstanceOf(StoreMismatchError);
    await expect(other.save(state)).rejects.toBeInstanceOf(StoreMismatchError);
    await expect(new Agent({ model: MODEL, client: clientFor(server) }).run(state)).rejects.toBeInstanceOf(StoreMismatchError);
    const loaded = await storeA.load("mine");
    await expect(new Agent({ model: MODEL, store: new RecordingStore() }).run(loaded)).rejects.toThrow(/is saved in file:/);
    expect(server.requests).toHaveLength(1);
  });

  it("counts two FileStores on the same folder (even through another path) as the same store", async () => {
    const state = new State("Task", { id: "shared" });
    server.script({ text: "one" }, { text: "two" });
    await new Agent({ model: MODEL, client: clientFor(server), store: new FileStore(dir) }).run(state);
    state.addUserMessage("again");
    const sameFolder = new FileStore(`${dir}/./sub/..`);
    expect(sameFolder.storeKey).toBe(new FileStore(dir).storeKey);
    await expect(new Agent({ model: MODEL, client: clientFor(server), store: sameFolder }).run(state)).resolves.toBe("two");
  });
});

describe("one runner at a time", () => {
  it("refuses a second runner of the same State while the first runs", async () => {
    const store = new FileStore(dir);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const wait: Tool = { name: "wait", description: "Waits.", inputSchema: { type: "object" }, run: () => gate.then(() => "ok") };
    server.script({ toolUses: [{ id: "w", name: "wait", input: {} }] }, { text: "done" }, { text: "second run" });
    const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: [wait] });
    const log = new EventLog();
    const first = agent.run(new State("Task", { id: "busy" }), { onEvent: log.onEvent });
    await log.next("tool_start");
    // Another State object of the same id (as another window of the app would have) is refused.
    const twin = await store.load("busy");
    const refused = await rejectionOf(agent.run(twin));
    expect(refused).toBeInstanceOf(StateBusyError);
    expect(refused.message).toContain(`pid ${process.pid}`);
    // Saving that twin would write over the runner's steps: refused too.
    twin.addUserMessage("meanwhile");
    await expect(agent.save(twin)).rejects.toBeInstanceOf(StateBusyError);
    release();
    expect(await first).toBe("done");
    // Once the first run ended, the lease is free again.
    const next = await store.load("busy");
    next.addUserMessage("more");
    expect(await agent.run(next)).toBe("second run");
  });

  it("refuses a copy loaded before another run went on, to run or to save, before any model request", async () => {
    const store = new FileStore(dir);
    server.script({ text: "first" }, { text: "second" });
    const agent = new Agent({ model: MODEL, client: clientFor(server), store });
    await agent.run(new State("Task", { id: "copies" }));
    const one = await store.load("copies");
    const two = await store.load("copies");
    one.addUserMessage("from copy one");
    await agent.run(one);
    two.addUserMessage("from copy two");
    const requests = server.requests.length;
    await expect(agent.run(two)).rejects.toBeInstanceOf(StaleStateError);
    await expect(agent.save(two)).rejects.toThrow(/load it again/i);
    expect(server.requests.length).toBe(requests);
    expect((await store.load("copies")).history.map((e) => e.text)).toEqual(["Task", "first", "from copy one", "second"]);
    // The copy that ran goes on as usual.
    one.addUserMessage("more");
    await agent.save(one);
  });

  it("refuses to run one State object twice at the same time, even without a store", async () => {
    server.script({ hang: true });
    const agent = new Agent({ model: MODEL, client: clientFor(server) });
    const state = new State("Task");
    const controller = new AbortController();
    const first = rejectionOf(agent.run(state, { signal: controller.signal }));
    await expect(agent.run(state)).rejects.toBeInstanceOf(StateBusyError);
    await server.waitForRequests(1);
    controller.abort();
    await first;
  });
});

describe("ResumeWarning", () => {
  const tool = (description: string): Tool => ({ name: "lookup", description, inputSchema: { type: "object" }, run: () => "" });

  async function resumeWith(agentOptions: { model?: string; system?: string; tools?: Tool[] }): Promise<{ warnings: Error[]; events: StepEvent[] }> {
    const store = new FileStore(dir);
    const id = `w${Math.random().toString(36).slice(2)}`;
    server.script({ text: "first" }, { text: "second" }, { text: "third" });
    await new Agent({ model: MODEL, system: "Be kind.", tools: [tool("Looks up.")], client: clientFor(server), store }).run(new State("Task", { id }));
    const loaded = await store.load(id);
    loaded.addUserMessage("again");
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on("warning", onWarning);
    const log = new EventLog();
    try {
      const agent = new Agent({ model: MODEL, system: "Be kind.", tools: [tool("Looks up.")], client: clientFor(server), store, ...agentOptions });
      await agent.run(loaded, { onEvent: log.onEvent });
      loaded.addUserMessage("and again");
      await agent.run(loaded, { onEvent: log.onEvent }); // only the first run after loading warns
      await new Promise((r) => setImmediate(r)); // process warnings are emitted on the next tick
    } finally {
      process.off("warning", onWarning);
    }
    return { warnings: warnings.filter((w) => w.name === "ResumeWarning"), events: log.ofType("warning") };
  }

  it("warns once, as a process warning and a step event, when the model changed", async () => {
    const { warnings, events } = await resumeWith({ model: "claude-opus-4-6" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toBeInstanceOf(ResumeWarning);
    expect(warnings[0].message).toContain('model "claude-sonnet-4-6" is now "claude-opus-4-6"');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "warning", name: "ResumeWarning" });
  });

  it("warns when the system prompt or a tool's description changed", async () => {
    expect((await resumeWith({ system: "Be terse." })).warnings[0].message).toContain("system prompt changed");
    expect((await resumeWith({ tools: [tool("Looks things up.")] })).warnings[0].message).toContain("tools changed");
  });

  it("does not warn when the Agent is unchanged", async () => {
    const { warnings, events } = await resumeWith({});
    expect(warnings).toEqual([]);
    expect(events).toEqual([]);
  });
});
