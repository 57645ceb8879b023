import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, State, defineTool, type Tool } from "../../src/main/agent";
import { sentMessages, startModelServer, type ModelServer } from "../support/model-server";
import { EventLog, MODEL, RecordingStore, clientFor } from "./helpers";

let server: ModelServer;
beforeEach(async () => {
  server = await startModelServer();
});
afterEach(async () => {
  await server.close();
});

describe("a run", () => {
  it("streams the reply, ends with end_turn and resolves to the text", async () => {
    server.script({ text: "Hello there, person.", chunks: 4 });
    const agent = new Agent({ model: MODEL, system: "Be brief.", client: clientFor(server) });
    const state = new State("Say hello");
    const log = new EventLog();
    const result = await agent.run(state, { onEvent: log.onEvent });
    expect(result).toBe("Hello there, person.");
    expect(state.stoppedBy).toBe("end_turn");
    expect(log.ofType("text_delta").map((e) => e.text).join("")).toBe("Hello there, person.");
    expect(log.ofType("text_delta").length).toBeGreaterThan(1);
    const body = server.requests[0].body;
    expect(body.model).toBe(MODEL);
    expect(body.system).toEqual([{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } }]);
    expect(body.stream).toBe(true);
    expect(sentMessages(server.requests[0])).toEqual([{ role: "user", content: [{ type: "text", text: "Say hello" }] }]);
    expect(body.tools.map((t: { name: string }) => t.name)).toEqual(["finish", "ask"]);
    expect(state.history.map((e) => e.kind)).toEqual(["user", "assistant"]);
  });

  it("runs the tool calls of one turn concurrently and sends every result back", async () => {
    // Each tool waits until both have started: this only finishes if they run at the same time.
    let started = 0;
    let release: () => void = () => undefined;
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    const meet: Tool = {
      name: "meet",
      description: "Waits for its sibling.",
      inputSchema: { type: "object", properties: { who: { type: "string" } } },
      async run(input: { who: string }) {
        if (++started === 2) release();
        await bothStarted;
        return { met: input.who };
      },
    };
    server.script(
      { toolUses: [{ id: "call_a", name: "meet", input: { who: "a" } }, { id: "call_b", name: "meet", input: { who: "b" } }] },
      { text: "Both met." },
    );
    const agent = new Agent({ model: MODEL, client: clientFor(server), tools: [meet] });
    const state = new State("Meet");
    expect(await agent.run(state)).toBe("Both met.");
    const second = sentMessages(server.requests[1]);
    expect(second[1]).toEqual({
      role: "assistant",
      content: [
        { type: "tool_use", id: "call_a", name: "meet", input: { who: "a" } },
        { type: "tool_use", id: "call_b", name: "meet", input: { who: "b" } },
      ],
    });
    expect(second[2].role).toBe("user");
    expect(second[2].content.map((b: { tool_use_id: string }) => b.tool_use_id).sort()).toEqual(["call_a", "call_b"]);
    expect(second[2].content.find((b: { tool_use_id: string }) => b.tool_use_id === "call_a").content).toBe('{"met":"a"}');
  });

  it("sends a tool's error back as an error result, and an unknown tool too", async () => {
    const broken: Tool = {
      name: "broken",
      description: "Always fails.",
      inputSchema: { type: "object" },
      run() {
        throw new RangeError("out of range");
      },
    };
    server.script({ toolUses: [{ id: "c1", name: "broken", input: {} }, { id: "c2", name: "nope", input: {} }] }, { text: "ok" });
    const agent = new Agent({ model: MODEL, client: clientFor(server), tools: [broken] });
    const state = new State("Try");
    await agent.run(state);
    const results = sentMessages(server.requests[1])[2].content;
    expect(results).toContainEqual({ type: "tool_result", tool_use_id: "c1", content: "RangeError: out of range", is_error: true });
    expect(results).toContainEqual({ type: "tool_result", tool_use_id: "c2", content: 'There is no tool named "nope".', is_error: true });
    const entry = state.history.find((e) => e.kind === "tool_result" && e.callId === "c1")!;
    expect(entry.error).toBeInstanceOf(RangeError);
  });

  it("finish checks the answer against the output schema; a bad answer goes back to the model", async () => {
    server.script(
      { toolUses: [{ id: "f1", name: "finish", input: { answer: { total: "twelve" } } }] },
      { toolUses: [{ id: "f2", name: "finish", input: { answer: { total: 12 } } }] },
    );
    const agent = new Agent({ model: MODEL, client: clientFor(server), outputSchema: z.object({ total: z.number() }) });
    const state = new State("Add up");
    const answer = await agent.run(state);
    expect(answer).toEqual({ total: 12 });
    expect(state.answer).toEqual({ total: 12 });
    expect(state.stoppedBy).toBe("finish");
    const finishSpec = server.requests[0].body.tools.find((t: { name: string }) => t.name === "finish");
    expect(finishSpec.input_schema.properties.answer).toMatchObject({ type: "object", properties: { total: { type: "number" } } });
    const bad = sentMessages(server.requests[1])[2].content[0];
    expect(bad).toMatchObject({ tool_use_id: "f1", is_error: true });
    expect(bad.content).toContain("total");
    // Running again with nothing new answers again without a model request.
    expect(await agent.run(state)).toEqual({ total: 12 });
    expect(server.requests).toHaveLength(2);
  });

  it("ask stops the run with the question; the person's next message answers the call", async () => {
    server.script(
      { toolUses: [{ id: "q1", name: "ask", input: { question: "Which city?", choices: ["Paris", "Rome"] } }] },
      { text: "Rome it is." },
    );
    const agent = new Agent({ model: MODEL, client: clientFor(server) });
    const state = new State("Plan a trip");
    expect(await agent.run(state)).toBe("Which city?");
    expect(state.stoppedBy).toBe("ask");
    expect(state.pendingAsk).toEqual({ callId: "q1", question: "Which city?", choices: ["Paris", "Rome"], digest: expect.any(String), seal: expect.any(String) });
    // Running again without an answer asks again, without a model request.
    expect(await agent.run(state)).toBe("Which city?");
    expect(server.requests).toHaveLength(1);
    state.addUserMessage("Rome");
    expect(state.pendingAsk).toBeNull();
    expect(await agent.run(state)).toBe("Rome it is.");
    expect(sentMessages(server.requests[1])[2]).toEqual({ role: "user", content: [{ type: "tool_result", tool_use_id: "q1", content: "Rome" }] });
  });

  it("stops at the step limit with max_steps, and continues on the next run", async () => {
    const noop: Tool = { name: "noop", description: "Does nothing.", inputSchema: { type: "object" }, run: () => "nothing" };
    server.setFallback({ toolUses: [{ name: "noop", input: {} }] });
    const agent = new Agent({ model: MODEL, client: clientFor(server), tools: [noop], maxSteps: 2 });
    const state = new State("Loop");
    await agent.run(state);
    expect(state.stoppedBy).toBe("max_steps");
    expect(server.requests).toHaveLength(2);
    server.setFallback({ text: "done" });
    expect(await agent.run(state)).toBe("done");
    expect(state.stoppedBy).toBe("end_turn");
  });

  it("without a store nothing is saved, and a built-in can be turned off", async () => {
    server.script({ text: "hi" });
    const agent = new Agent({ model: MODEL, client: clientFor(server), askTool: false });
    const state = new State("Hi");
    await agent.run(state);
    expect(server.requests[0].body.tools.map((t: { name: string }) => t.name)).toEqual(["finish"]);
  });

  it("refuses two tools with one name, and a tool named like a built-in", () => {
    const tool: Tool = { name: "finish", description: "x", inputSchema: { type: "object" }, run: () => "" };
    expect(() => new Agent({ model: MODEL, tools: [tool] })).toThrow(/finishTool/);
    expect(() => new Agent({ model: MODEL, tools: [tool], finishTool: false })).not.toThrow();
  });

  it("emits save events naming their save point, only when something was written", async () => {
    server.script({ toolUses: [{ id: "t1", name: "noop", input: {} }] }, { text: "done" });
    const noop: Tool = { name: "noop", description: "Does nothing.", inputSchema: { type: "object" }, run: () => "ok" };
    const store = new RecordingStore();
    const agent = new Agent({ model: MODEL, client: clientFor(server), tools: [noop], store });
    const log = new EventLog();
    await agent.run(new State("Go"), { onEvent: log.onEvent });
    expect(log.ofType("save").map((e) => `${e.point}:${e.entries}`)).toEqual(["run_start:1", "after_think:1", "tool_result:1", "after_think:1"]);
    // The last reply was saved with its stoppedBy: the run's end had nothing left to write.
  });

  it("defineTool derives the input schema from zod and sends a mismatching input back as an error", async () => {
    const add = defineTool({
      name: "add",
      description: "Adds two numbers.",
      input: z.object({ a: z.number(), b: z.number() }),
      run: ({ a, b }) => a + b,
    });
    server.script(
      { toolUses: [{ id: "bad", name: "add", input: { a: "one", b: 2 } }, { id: "good", name: "add", input: { a: 1, b: 2 } }] },
      { text: "3" },
    );
    const agent = new Agent({ model: MODEL, client: clientFor(server), tools: [add] });
    await agent.run(new State("Add"));
    const spec = server.requests[0].body.tools.find((t: { name: string }) => t.name === "add");
    expect(spec.input_schema).toMatchObject({ type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] });
    const results = sentMessages(server.requests[1])[2].content;
    expect(results).toContainEqual({ type: "tool_result", tool_use_id: "good", content: "3" });
    const bad = results.find((r: { tool_use_id: string }) => r.tool_use_id === "bad");
    expect(bad.is_error).toBe(true);
    expect(bad.content).toMatch(/^ToolInputError: The input of add does not match its schema/);
    expect(bad.content).toContain("→ at a"); // the model is told which field is wrong
  });
});
