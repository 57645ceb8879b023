/**
 * Abort ends a run the usual way, at once: every open call is closed with
 * `(aborted: <reason's name>)`, the State is saved with stoppedBy "aborted", and the run
 * rejects with the reason. Tools get the signal, but the run does not wait for one that
 * ignores it. A streamed model request in flight is aborted through the SDK; what had
 * streamed of it is kept (stopped-reply.test.ts).
 */
import { expect, it } from "vitest";
import { Agent, FileStore, RunAbortedError, State, type Tool } from "../../src/main/agent";
import { sentMessages, type ModelServer } from "../support/model-server";
import { EventLog, MODEL, clientFor, rejectionOf, useModelServerAndTempDir } from "./helpers";

let server: ModelServer;
let dir: string;
useModelServerAndTempDir((started, folder) => {
  server = started;
  dir = folder;
});

it("closes every open call as aborted without waiting for a tool that ignores the signal, and saves", async () => {
  let politeSawAbort = false;
  const tools: Tool[] = [
    { name: "stubborn", description: "Never ends, ignores the signal.", inputSchema: { type: "object" }, run: () => new Promise(() => undefined) },
    {
      name: "polite",
      description: "Ends when aborted.",
      inputSchema: { type: "object" },
      run: (_input, { signal }) =>
        new Promise((_, reject) =>
          signal.addEventListener("abort", () => {
            politeSawAbort = true;
            reject(signal.reason);
          }),
        ),
    },
    { name: "quick", description: "Returns at once.", inputSchema: { type: "object" }, run: () => "quick done" },
  ];
  server.script({
    toolUses: [
      { id: "s1", name: "stubborn", input: {} },
      { id: "p1", name: "polite", input: {} },
      { id: "q1", name: "quick", input: {} },
    ],
  });
  const store = new FileStore(dir);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools });
  const state = new State("Work", { id: "aborted-tools" });
  const controller = new AbortController();
  const log = new EventLog();
  const running = agent.run(state, { signal: controller.signal, onEvent: log.onEvent });
  await log.next("tool_end", (e) => e.callId === "q1");
  await log.next("tool_start", (e) => e.callId === "s1");
  controller.abort();
  const failure = await rejectionOf(running);
  expect(failure).toBe(controller.signal.reason);
  expect(failure.name).toBe("AbortError");
  expect(politeSawAbort).toBe(true);
  expect(state.stoppedBy).toBe("aborted");

  const loaded = await store.load("aborted-tools");
  expect(loaded.stoppedBy).toBe("aborted");
  const results = Object.fromEntries(loaded.history.flatMap((e) => (e.kind === "tool_result" ? [[e.callId, [e.status, e.text]]] : [])));
  expect(results).toEqual({
    q1: ["done", "quick done"],
    s1: ["aborted", "(aborted: AbortError)"],
    p1: ["aborted", "(aborted: AbortError)"],
  });
  expect(loaded.history.at(-1)).toMatchObject({ kind: "error", name: "AbortError" });

  // The next run sends the aborted results to the model.
  server.script({ text: "Understood." });
  loaded.addUserMessage("Carry on");
  await agent.run(loaded);
  const resent = sentMessages(server.requests[1])[2].content;
  expect(resent).toContainEqual({ type: "tool_result", tool_use_id: "s1", content: "(aborted: AbortError)", is_error: true });
});

it("aborts a streamed model request through the SDK and keeps what had streamed, marked partial", async () => {
  server.script({ hang: true, text: "Half a sent" });
  const store = new FileStore(dir);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store });
  const state = new State("Tell me a story", { id: "aborted-stream" });
  const controller = new AbortController();
  const log = new EventLog();
  const running = agent.run(state, { signal: controller.signal, onEvent: log.onEvent });
  await log.next("text_delta");
  const reason = Object.assign(new Error("Stop"), { name: "StopButton" });
  controller.abort(reason);
  expect(await rejectionOf(running)).toBe(reason);
  await server.waitForIdle(); // the abort reached the server: the connection was closed
  const loaded = await store.load("aborted-stream");
  expect(loaded.history.map((e) => e.kind)).toEqual(["user", "assistant", "error"]);
  expect(loaded.history[1]).toMatchObject({ kind: "assistant", text: "Half a sent", partial: true, stopReason: null });
  expect(loaded.history[2].text).toBe("StopButton: Stop");
  expect(loaded.stoppedBy).toBe("aborted");
});

it("a run whose signal is already aborted saves and rejects without a model request", async () => {
  const agent = new Agent({ model: MODEL, client: clientFor(server), store: new FileStore(dir) });
  const controller = new AbortController();
  controller.abort();
  const state = new State("Never", { id: "pre-aborted" });
  await expect(agent.run(state, { signal: controller.signal })).rejects.toBe(controller.signal.reason);
  expect(server.requests).toHaveLength(0);
  expect(state.stoppedBy).toBe("aborted");
});

it("a reason that is not an Error is wrapped once in a RunAbortedError that names it, for the run's error and its closed calls", async () => {
  const tools: Tool[] = [{ name: "wait", description: "Ends when aborted.", inputSchema: { type: "object" }, run: (_input, { signal }) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))) }];
  server.script({ toolUses: [{ id: "w1", name: "wait", input: {} }] });
  const store = new FileStore(dir);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools });
  const state = new State("Wait for me", { id: "aborted-with-text" });
  const controller = new AbortController();
  const log = new EventLog();
  const running = agent.run(state, { signal: controller.signal, onEvent: log.onEvent });
  await log.next("tool_start", (e) => e.callId === "w1");
  controller.abort("the window was closed");
  const failure = await rejectionOf(running);
  expect(failure).toBeInstanceOf(RunAbortedError);
  expect(failure.message).toBe("The run was aborted: the window was closed.");

  const loaded = await store.load("aborted-with-text");
  expect(loaded.stoppedBy).toBe("aborted");
  expect(loaded.history.find((e) => e.kind === "tool_result")).toMatchObject({ callId: "w1", status: "aborted", text: "(aborted: RunAbortedError)" });
  expect(loaded.history.at(-1)).toMatchObject({ kind: "error", name: "RunAbortedError" });
});
