/**
 * Extended thinking: a per-State setting; thinking and redacted thinking saved with their
 * signatures and sent back exactly (the scripted server refuses a changed signature, and a
 * tool loop's last turn without its thinking), also after a kill; a kill while the model
 * thinks leaves nothing and the next run asks again.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type TestContext, describe, expect, it } from "vitest";
import { Agent, FileStore, State, UNKNOWN_RESULT_TEXT, type Tool } from "../../src/main/agent";
import { sentMessages, signThinking } from "../support/model-server";
import { EventLog, MODEL, clientFor, useModelServerAndTempDir, useRunnerChildren } from "./helpers";

const RUNNER = fileURLToPath(new URL("./children/runner.ts", import.meta.url));
const note: Tool = { name: "note", description: "Returns at once.", inputSchema: { type: "object" }, run: () => "noted" };
const isEvent = (type: string) => (line: string) => line.startsWith("EVENT ") && JSON.parse(line.slice(6)).type === type;

describe("extended thinking in one process", () => {
  let server: any;
  let dir = "";
  useModelServerAndTempDir((s, d) => ((server = s), (dir = d)));

  it("asks with the State's budget, streams the thinking, and sends the signed blocks back exactly in the tool loop", async () => {
    const store = new FileStore(join(dir, "runs"));
    const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: [note], maxTokens: 2048 });
    const state = new State("Plan it", { thinking: { budgetTokens: 4000 } });
    server.script(
      { thinking: "First I should take a note.", redactedThinking: "hidden reasoning", toolUses: [{ id: "n1", name: "note", input: {} }] },
      { thinking: "The note is taken.", text: "Done." },
    );
    const log = new EventLog();
    expect(await agent.run(state, { onEvent: log.onEvent })).toBe("Done.");
    const [first, second] = server.requests;
    expect(first.body.thinking).toEqual({ type: "enabled", budget_tokens: 4000 });
    expect(first.body.max_tokens).toBeGreaterThan(4000);
    expect(log.ofType("thinking_delta").map((e) => e.text).join("")).toBe("First I should take a note.The note is taken.");
    const turn = state.history[1];
    if (turn.kind !== "assistant") throw new Error("expected the assistant turn");
    expect(turn.content[0]).toEqual({ type: "thinking", thinking: "First I should take a note.", signature: signThinking("First I should take a note.") });
    expect(turn.content[1].type).toBe("redacted_thinking");
    expect(turn.thinkingMs).toBeGreaterThanOrEqual(0);
    const resent = sentMessages(second)[1];
    expect(resent.content.slice(0, 2)).toEqual(turn.content.slice(0, 2));
    // Saved with their signatures: a fresh load sends the same blocks again.
    const loaded = await new FileStore(join(dir, "runs")).load(state.id);
    expect(loaded.thinking).toEqual({ budgetTokens: 4000 });
    expect(loaded.history[1]).toMatchObject({ content: turn.content });
  });

  it("a changed signature is refused by the server, as the API would", async () => {
    const agent = new Agent({ model: MODEL, client: clientFor(server), tools: [note] });
    const state = new State("Plan it", { thinking: { budgetTokens: 1024 } });
    server.script({ thinking: "Original thought.", toolUses: [{ id: "n1", name: "note", input: {} }] }, { text: "never" });
    await agent
      .run(state, {
        onEvent: (e) => {
          if (e.type === "entry" && e.entry.kind === "assistant") {
            (e.entry.content[0] as { thinking: string }).thinking = "Tampered thought.";
          }
        },
      })
      .catch(() => undefined);
    expect(state.stoppedBy).toBe("error");
    expect(state.history.at(-1)?.text).toMatch(/Invalid `signature`/);
  });

  it("thinking turned on inside a tool loop waits for the next turn (the API wants the loop's turn to start with thinking)", async () => {
    const agent = new Agent({ model: MODEL, client: clientFor(server), tools: [note] });
    const state = new State("Plan it");
    server.script({ toolUses: [{ id: "n1", name: "note", input: {} }] }, { text: "Done." }, { thinking: "Now I think.", text: "Again." });
    await agent.run(state, {
      onEvent: (e) => {
        if (e.type === "tool_end") state.thinking = { budgetTokens: 2048 }; // switched on mid-loop
      },
    });
    expect(server.requests[1].body.thinking).toBeUndefined();
    state.addUserMessage("Once more");
    expect(await agent.run(state)).toBe("Again.");
    expect(server.requests[2].body.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
  });

  it("refuses a budget below the API's minimum", () => {
    expect(() => new State("x", { thinking: { budgetTokens: 100 } })).toThrow(RangeError);
  });
});

describe.concurrent("extended thinking and kills", () => {
  const setUp = (context: TestContext) => useRunnerChildren(RUNNER, context);
  const localTools = (): Tool[] => [
    { name: "slow_task", description: "Takes a long time and ignores aborts.", inputSchema: { type: "object" }, run: () => "ran again" },
    note,
  ];

  it("SIGKILL while the model thinks: nothing half-saved, the next run asks again the same", async (context) => {
    const { expect } = context;
    const { server, dir, runner } = await setUp(context);
    server.script({ hang: true, thinking: "Let me consider the slow task carefully" });
    const child = runner("killed-thinking", { RUNNER_THINKING: "2048" });
    await child.waitForLine(isEvent("thinking_delta"), "the first thinking");
    child.process.kill("SIGKILL");
    await child.exited;
    const store = new FileStore(join(dir, "runs"));
    const loaded = await store.load("killed-thinking");
    expect(loaded.history.map((e) => e.kind)).toEqual(["user"]);
    server.script({ thinking: "Considered.", text: "All done." });
    const agent = new Agent({ model: MODEL, system: "Test runner.", client: clientFor(server), store, tools: localTools() });
    expect(await agent.run(loaded)).toBe("All done.");
    expect(sentMessages(server.requests[1])).toEqual(sentMessages(server.requests[0]));
    expect(server.requests[1].body.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
  });

  it("SIGKILL in a tool after a thinking turn: relaunched, the thinking goes back exactly with the unknown result", async (context) => {
    const { expect } = context;
    const { server, dir, runner } = await setUp(context);
    server.script({ thinking: "I need the slow task.", redactedThinking: "secret", toolUses: [{ id: "s1", name: "slow_task", input: {} }] });
    const child = runner("killed-after-thinking", { RUNNER_THINKING: "2048" });
    await child.waitForLine((line) => line.startsWith("TOOL_STARTED"), "the tool to start");
    child.process.kill("SIGKILL");
    await child.exited;
    const store = new FileStore(join(dir, "runs"));
    const loaded = await store.load("killed-after-thinking");
    const turn = loaded.history[1];
    if (turn.kind !== "assistant") throw new Error("expected the thinking turn to be saved");
    server.script({ thinking: "It may have run.", text: "Checked." });
    const agent = new Agent({ model: MODEL, system: "Test runner.", client: clientFor(server), store, tools: localTools() });
    expect(await agent.run(loaded)).toBe("Checked.");
    const [, assistant, results] = sentMessages(server.requests[1]);
    expect(assistant.content.slice(0, 2)).toEqual(turn.content.slice(0, 2));
    expect(assistant.content[0]).toEqual({ type: "thinking", thinking: "I need the slow task.", signature: signThinking("I need the slow task.") });
    expect(results.content[0]).toMatchObject({ tool_use_id: "s1", content: UNKNOWN_RESULT_TEXT, is_error: true });
    expect(server.requests[1].body.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
  });
});
