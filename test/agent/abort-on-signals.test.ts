/**
 * `abortOnSignals` inside this process (the child-process tests send real SIGTERMs): a
 * signal aborts every run in progress with a SignalAbortError, each saves its State, a run
 * started afterwards is aborted at once, `stopping` resolves once all have settled, and by
 * default the process exits with 128 + the signal's number (a second signal at once).
 * SIGHUP is used so that the test runner's own SIGTERM/SIGINT handling is never touched.
 */
import { afterEach, expect, it, vi } from "vitest";
import { abortOnSignals, Agent, FileStore, SignalAbortError, State } from "../../src/main/agent";
import { type ModelServer } from "../support/model-server";
import { MODEL, clientFor, rejectionOf, useModelServerAndTempDir } from "./helpers";

let server: ModelServer;
let dir: string;
useModelServerAndTempDir((started, folder) => {
  server = started;
  dir = folder;
});

const listenersBefore = process.listenerCount("SIGHUP");
afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
  expect(process.listenerCount("SIGHUP")).toBe(listenersBefore);
});

it("aborts every run in progress, saves each State, aborts later runs at once, then resolves stopping", async () => {
  const store = new FileStore(dir);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store });
  const stop = abortOnSignals({ signals: ["SIGHUP"], exit: false });
  try {
    expect(process.listenerCount("SIGHUP")).toBe(listenersBefore + 1);
    server.script({ hang: true, text: "Half a rep" }, { hang: true, text: "Another half" });
    const first = new State("First", { id: "first" });
    const second = new State("Second", { id: "second" });
    // Each run's rejection is caught from the start: they settle in either order.
    const runs = [agent.run(first), agent.run(second)].map(rejectionOf);
    await server.waitForRequests(2);

    process.emit("SIGHUP", "SIGHUP");
    expect(process.exitCode).toBe(129);
    expect(stop.signal.aborted).toBe(true);
    const reason = stop.signal.reason as SignalAbortError;
    expect(reason).toBeInstanceOf(SignalAbortError);
    expect(reason).toMatchObject({ signal: "SIGHUP", exitCode: 129, message: "The run was stopped by SIGHUP." });

    for (const run of runs) expect(await run).toBe(reason);
    expect(await stop.stopping).toBe("SIGHUP");
    for (const id of ["first", "second"]) {
      const saved = await store.load(id);
      expect(saved.stoppedBy).toBe("aborted");
      expect(saved.history.at(-1)).toMatchObject({ kind: "error", name: "SignalAbortError" });
    }

    // The process is stopping: a run started now ends at once, without asking the model.
    const late = new State("Too late", { id: "late" });
    expect(await rejectionOf(agent.run(late))).toBe(reason);
    expect(server.requests).toHaveLength(2);
  } finally {
    stop.dispose();
  }

  // Once disposed, runs go ahead again.
  server.script({ text: "Back to work." });
  const after = new State("After", { id: "after" });
  await agent.run(after);
  expect(after.stoppedBy).toBe("end_turn");
});

it("by default exits with 128 + the signal's number once the runs have settled; a second signal exits at once", async () => {
  const exits: (number | undefined)[] = [];
  vi.spyOn(process, "exit").mockImplementation(((code?: number) => void exits.push(code)) as never);
  const stop = abortOnSignals({ signals: ["SIGHUP"] });
  try {
    process.emit("SIGHUP", "SIGHUP");
    expect(exits).toEqual([]);
    expect(await stop.stopping).toBe("SIGHUP");
    // The runs' callers get two turns of the event loop to handle their rejections first.
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([]);
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    expect(exits).toEqual([129]);

    process.emit("SIGHUP", "SIGHUP");
    expect(exits.slice(0, 2)).toEqual([129, 129]);
  } finally {
    // Let the second signal's own wait end while process.exit is still the stand-in.
    for (let turn = 0; turn < 4; turn++) await new Promise((resolve) => setImmediate(resolve));
    stop.dispose();
  }
});
