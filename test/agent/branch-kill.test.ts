/**
 * A branch is as durable as a conversation: a real child process runs a new branch (an
 * edit) and is killed with SIGKILL while a tool runs. Meanwhile a second runner of that
 * branch is refused, and the conversation's other branch runs at once (one runner per
 * branch). Loaded again, the branch has the shared past, its own saved steps and the
 * unknown result; Continue runs it on, the tool is not run again, the shared past untouched.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { it } from "vitest";
import { Agent, FileStore, State, StateBusyError, UNKNOWN_RESULT_TEXT, type Tool } from "../../src/main/agent";
import { MODEL, clientFor, rejectionOf, useRunnerChildren } from "./helpers";
import { sentMessages } from "../support/model-server";

const RUNNER = fileURLToPath(new URL("./children/runner.ts", import.meta.url));

const tools = (): Tool[] => [
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

const isSave = (line: string) => line.startsWith("EVENT ") && JSON.parse(line.slice(6)).type === "save" && JSON.parse(line.slice(6)).point === "tool_result";

it("SIGKILL while a branch's tool runs: the branch loads with the shared past and the unknown result, and continues; its sibling ran meanwhile", async (context) => {
  const { expect } = context;
  const { server, dir, runner } = await useRunnerChildren(RUNNER, context);
  const store = new FileStore(join(dir, "runs"));
  const agent = new Agent({ model: MODEL, system: "Test runner.", client: clientFor(server), store, tools: tools() });
  server.script({ text: "Which task?" });
  const root = new State("Help me with my tasks", { id: "tasks" });
  await agent.run(root);
  const rootEntries = (await store.read("tasks"))!.entries;

  server.script({
    toolUses: [
      { id: "call_slow", name: "slow_task", input: {} },
      { id: "call_note", name: "note", input: {} },
    ],
  });
  const child = runner("tasks-edit", { RUNNER_BRANCH_FROM: "tasks", RUNNER_BRANCH_AT: "1", RUNNER_BRANCH_MESSAGE: "The slow one, please" });
  await child.waitForLine((line) => line === "TOOL_STARTED call_slow", "TOOL_STARTED");
  await child.waitForLine(isSave, "the sibling's result saved");

  // The branch has one runner, across processes; the conversation's other branch is free.
  const busy = await rejectionOf(agent.run(await store.load("tasks-edit")));
  expect(busy).toBeInstanceOf(StateBusyError);
  expect(busy.message).toContain(`process ${child.process.pid}`);
  const trunk = await store.load("tasks");
  trunk.addUserMessage("Never mind");
  server.script({ text: "All right." });
  expect(await agent.run(trunk)).toBe("All right.");

  child.process.kill("SIGKILL");
  expect((await child.exited).signal).toBe("SIGKILL");

  const loaded = await store.load("tasks-edit");
  expect(loaded.parent).toEqual({ id: "tasks", seq: 1 });
  expect(loaded.stoppedBy).toBeNull(); // interrupted: the window shows the banner with Continue
  expect(loaded.history.slice(0, 3).map((e) => e.text)).toEqual(["Help me with my tasks", "Which task?", "The slow one, please"]);
  expect(loaded.history.find((e) => e.kind === "tool_result" && e.callId === "call_slow")).toMatchObject({ status: "unknown", text: UNKNOWN_RESULT_TEXT });
  expect(loaded.history.find((e) => e.kind === "tool_result" && e.callId === "call_note")).toMatchObject({ status: "done", text: "noted" });
  // The branch stores only its own entries: the shared past is the trunk's.
  expect((await store.read("tasks-edit"))!.entries[0].seq).toBe(2);

  server.script({ text: "I will check whether the slow task took effect." });
  expect(await agent.run(loaded)).toBe("I will check whether the slow task took effect.");
  const messages = sentMessages(server.requests.at(-1)!);
  expect(JSON.stringify(messages[0].content)).toContain("Help me with my tasks");
  expect(messages[4].content).toContainEqual({ type: "tool_result", tool_use_id: "call_slow", content: UNKNOWN_RESULT_TEXT, is_error: true });
  expect(readFileSync(join(dir, "marker.txt"), "utf8")).toBe("ran call_slow\n");

  // The trunk's own entries are as they were, plus only what its own run added.
  expect((await store.read("tasks"))!.entries.slice(0, rootEntries.length)).toEqual(rootEntries);
  expect((await store.load("tasks")).history.map((e) => e.text).slice(-2)).toEqual(["Never mind", "All right."]);
  // The branch that ran last is the conversation's shown one.
  expect((await store.listConversations()).map((row) => [row.id, row.branchCount])).toEqual([["tasks-edit", 2]]);
});
