/**
 * Every save point of the table, observed through a store that records each write:
 * run start and end, before and after each think, after each tool result, after
 * use_tools and compact, and agent.save. Each write carries only what is new; a save
 * point with nothing new does not call the store at all.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { Agent, State, type Tool } from "../../src/main/agent";
import { sentMessages, startModelServer, type ModelServer } from "../support/model-server";
import { EventLog, MODEL, RecordingStore, clientFor } from "./helpers";

let server: ModelServer;
beforeEach(async () => {
  server = await startModelServer();
});
afterEach(async () => {
  await server.close();
});

it("saves at each save point exactly what is new, and nothing when nothing changed", async () => {
  const store = new RecordingStore();
  const log = new EventLog();
  const firstSaved = log.next("save", (e) => e.point === "tool_result");
  const tools: Tool[] = [
    { name: "quick", description: "Returns at once.", inputSchema: { type: "object" }, run: () => "quick result" },
    {
      name: "long",
      description: "Returns a long text once its sibling's result is saved.",
      inputSchema: { type: "object" },
      run: async () => {
        await firstSaved;
        return "x".repeat(4000);
      },
    },
  ];
  server.script(
    { toolUses: [{ id: "q", name: "quick", input: {} }, { id: "l", name: "long", input: {} }] },
    { text: "The summary of it all." }, // the compaction request
    { text: "Done." },
  );
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools, contextBudget: 700 });
  const state = new State<{ step?: number }>("Do the task");
  const onEvent = (event: Parameters<typeof log.onEvent>[0]) => {
    log.onEvent(event);
    if (event.type === "think_start") state.data.step = event.step; // a change only the before-think save can write
  };
  expect(await agent.run(state, { onEvent })).toBe("Done.");

  const points = log.ofType("save").map((e) => e.point);
  expect(points).toEqual(["run_start", "before_think", "after_think", "tool_result", "tool_result", "after_compact", "before_think", "after_think"]);
  const writes = store.writes.map((w) => ({ seqs: w.seqs, snapshot: w.snapshot !== null, create: w.create }));
  expect(writes).toEqual([
    { seqs: [0], snapshot: true, create: true }, // run start: the new State, all or nothing
    { seqs: [], snapshot: true, create: false }, // before think 1: data.step = 1
    { seqs: [1], snapshot: true, create: false }, // after think 1: the assistant turn
    { seqs: [2], snapshot: true, create: false }, // quick's result, at once
    { seqs: [3], snapshot: true, create: false }, // long's result
    { seqs: [4], snapshot: true, create: false }, // after compact: the compaction entry
    { seqs: [], snapshot: true, create: false }, // before think 2: data.step = 2
    { seqs: [5], snapshot: true, create: false }, // after think 2, with stoppedBy: the run's end writes nothing
  ]);
  expect(store.writes[1].snapshot!.data).toEqual({ step: 1 });
  expect(store.writes.at(-1)!.snapshot!.stoppedBy).toBe("end_turn");
  // use_tools ended with nothing unsaved: that save point did not call the store.
  expect(points).not.toContain("after_use_tools");

  // agent.save: the person's message right away; a second save with nothing new writes nothing.
  state.addUserMessage("One more thing");
  await agent.save(state);
  await agent.save(state);
  expect(store.writes).toHaveLength(9);
  expect(store.writes[8]).toMatchObject({ seqs: [6], kinds: ["user"], create: false });

  // The compaction request is a separate request without tools; the next one starts from the summary.
  expect(server.requests[1].body.tools).toBeUndefined();
  expect(sentMessages(server.requests[1])[0].content).toContain("quick result");
  const afterCompaction = sentMessages(server.requests[2]);
  expect(afterCompaction).toHaveLength(1);
  expect(afterCompaction[0].content[0].text).toContain("The summary of it all.");
  expect(state.history.map((e) => e.kind)).toEqual(["user", "assistant", "tool_result", "tool_result", "compaction", "assistant", "user"]);
});

it("a loaded State with nothing new is not written again, except what a run changes", async () => {
  const store = new RecordingStore();
  server.script({ text: "Hi." });
  const agent = new Agent({ model: MODEL, client: clientFor(server), store });
  const state = new State("Hello", { id: "greeting" });
  await agent.run(state);
  const count = store.writes.length;
  const loaded = await store.load("greeting");
  await agent.save(loaded);
  expect(store.writes).toHaveLength(count);
  expect(loaded.history.map((e) => e.text)).toEqual(["Hello", "Hi."]);
  expect(loaded.stoppedBy).toBe("end_turn");
});
