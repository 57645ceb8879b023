/**
 * Real child processes, killed at the worst moments. A tool call that was running when the
 * process was killed gets exactly the unknown-result text and is not run again; a model
 * request that was streaming is dropped and asked again; SIGTERM with abortOnSignals closes
 * the calls as aborted, saves, and exits with 128 + 15. A second runner of the same State
 * is refused while the first lives, and the lock of a killed runner is taken over.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type TestContext, describe, it } from "vitest";
import { Agent, FileStore, StateBusyError, UNKNOWN_RESULT_TEXT, type Tool } from "../../src/main/agent";
import { type RunnerChildren, MODEL, clientFor, rejectionOf, startChild, useRunnerChildren } from "./helpers";
import { sentMessages } from "../support/model-server";

const RUNNER = fileURLToPath(new URL("./children/runner.ts", import.meta.url));
const SLOW_SAVER = fileURLToPath(new URL("./children/slow-saver.ts", import.meta.url));

/** A server, a folder and a way to start runner children, all cleaned up after the test. */
const setUp = (context: TestContext): Promise<RunnerChildren> => useRunnerChildren(RUNNER, context);

// Each test waits on its own child process: they run side by side (so each uses its context's
// expect and onTestFinished).
describe.concurrent("killed and stopped runners", () => {
/** The same tools as the child's, in this process: slow_task would mark the file again if it ran. */
const markingTools = (): Tool[] => [
  {
    name: "slow_task",
    description: "Takes a long time and ignores aborts.",
    inputSchema: { type: "object" },
    run: () => {
      throw new Error("slow_task must not run again after a kill");
    },
  },
  { name: "note", description: "Returns at once.", inputSchema: { type: "object" }, run: () => "noted" },
];

const isEvent = (type: string, extra: (e: any) => boolean = () => true) => (line: string) =>
  line.startsWith("EVENT ") && JSON.parse(line.slice(6)).type === type && extra(JSON.parse(line.slice(6)));

it("SIGKILL while a tool runs: the next run sends the exact unknown text, the tool ran once, a sibling's saved result is kept", async (context) => {
  const { expect } = context;
  const { server, dir, runner } = await setUp(context);
  server.script({
    toolUses: [
      { id: "call_slow", name: "slow_task", input: {} },
      { id: "call_note", name: "note", input: {} },
    ],
  });
  const child = runner("killed-in-tool");
  await child.waitForLine((l) => l === "TOOL_STARTED call_slow", "TOOL_STARTED");
  await child.waitForLine(isEvent("save", (e) => e.point === "tool_result" && e.ok), "the sibling's result saved");

  // While the child lives, a second runner of the same State is refused.
  const store = new FileStore(join(dir, "runs"));
  const agent = new Agent({ model: MODEL, system: "Test runner.", client: clientFor(server), store, tools: markingTools() });
  const busy = await rejectionOf(agent.run(await store.load("killed-in-tool")));
  expect(busy).toBeInstanceOf(StateBusyError);
  expect(busy.message).toContain(`process ${child.process.pid}`);

  child.process.kill("SIGKILL");
  expect((await child.exited).signal).toBe("SIGKILL");

  const loaded = await store.load("killed-in-tool");
  expect(loaded.stoppedBy).toBeNull();
  const slow = loaded.history.find((e) => e.kind === "tool_result" && e.callId === "call_slow");
  expect(slow).toMatchObject({ status: "unknown", text: UNKNOWN_RESULT_TEXT });
  server.script({ text: "I will check whether the slow task took effect." });
  // The killed child's lock is taken over at once (its process is gone).
  expect(await agent.run(loaded)).toBe("I will check whether the slow task took effect.");

  const results = sentMessages(server.requests[1])[2].content;
  expect(results).toContainEqual({ type: "tool_result", tool_use_id: "call_slow", content: UNKNOWN_RESULT_TEXT, is_error: true });
  expect(results).toContainEqual({ type: "tool_result", tool_use_id: "call_note", content: "noted" });
  expect(UNKNOWN_RESULT_TEXT).toBe(
    "(unknown: the run stopped before this result was saved, so the tool may or may not have run. Check whether it took effect before relying on it or running it again)",
  );
  expect(readFileSync(join(dir, "marker.txt"), "utf8")).toBe("ran call_slow\n");
  // The unknown result was saved.
  const again = await store.load("killed-in-tool");
  expect(again.history.filter((e) => e.kind === "tool_result" && e.status === "unknown")).toHaveLength(1);
});

it("SIGKILL during a streamed reply: nothing half-written is kept, and the next run asks again", async (context) => {
  const { expect } = context;
  const { server, dir, runner } = await setUp(context);
  server.script({ hang: true, text: "Once upon a ti" });
  const child = runner("killed-in-think");
  await child.waitForLine(isEvent("text_delta"), "the partial reply");
  expect(server.openReplies()).toBe(1); // the reply is still streaming
  child.process.kill("SIGKILL");
  await child.exited;

  const store = new FileStore(join(dir, "runs"));
  const loaded = await store.load("killed-in-think");
  expect(loaded.history.map((e) => e.kind)).toEqual(["user"]);
  expect(loaded.stoppedBy).toBeNull();
  server.script({ text: "Once upon a time, the end." });
  const agent = new Agent({ model: MODEL, system: "Test runner.", client: clientFor(server), store, tools: markingTools() });
  expect(await agent.run(loaded)).toBe("Once upon a time, the end.");
  expect(sentMessages(server.requests[1])).toEqual(sentMessages(server.requests[0]));
  expect((await store.load("killed-in-think")).history.map((e) => e.kind)).toEqual(["user", "assistant"]);
});

it("SIGTERM with abortOnSignals: calls are closed as aborted, the State is saved, the exit code is 143", async (context) => {
  const { expect } = context;
  const { server, dir, runner } = await setUp(context);
  server.script({
    toolUses: [
      { id: "call_slow", name: "slow_task", input: {} },
      { id: "call_note", name: "note", input: {} },
    ],
  });
  const child = runner("terminated", { RUNNER_SIGNALS: "1" });
  await child.waitForLine((l) => l === "TOOL_STARTED call_slow", "TOOL_STARTED");
  child.process.kill("SIGTERM");
  const exit = await child.exited;
  expect(exit).toEqual({ code: 143, signal: null });
  expect(child.lines).toContain("FAILED SignalAbortError"); // the caller handled the rejection before the exit

  const loaded = await new FileStore(join(dir, "runs")).load("terminated");
  expect(loaded.stoppedBy).toBe("aborted");
  const slow = loaded.history.find((e) => e.kind === "tool_result" && e.callId === "call_slow");
  expect(slow).toMatchObject({ status: "aborted", text: "(aborted: SignalAbortError)" });
  expect(loaded.history.at(-1)).toMatchObject({ kind: "error", name: "SignalAbortError", text: "SignalAbortError: The run was stopped by SIGTERM." });
  expect(readFileSync(join(dir, "marker.txt"), "utf8")).toBe("ran call_slow\n");
});
});

it("SIGTERM with abortOnSignals during agent.save between runs: the save is finished before the process ends", async (context) => {
  const { expect } = context;
  const { dir } = await setUp(context);
  const child = startChild(SLOW_SAVER, { STORE_DIR: join(dir, "runs"), STATE_ID: "between-runs" });
  await child.waitForLine((l) => l === "mid-save", "mid-save");
  child.process.kill("SIGTERM"); // its entries are written, its snapshot not yet
  expect(await child.exited).toEqual({ code: 143, signal: null });
  const loaded = await new FileStore(join(dir, "runs")).load("between-runs");
  expect(loaded.history.map((e) => e.text)).toEqual(["Plan the trip", "Add a day in Porto"]);
  // The snapshot was written too: it covers both entries (a cut-off save would leave it at 1).
  const snapshot = JSON.parse(readFileSync(join(dir, "runs", "between-runs", "snapshot.json"), "utf8").split("\t")[1]); // the JSON after its checksum
  expect(snapshot.entryCount).toBe(2);
});
