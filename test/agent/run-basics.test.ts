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
  // The run itself (streaming, parallel calls, usage) is tested on every provider in
  // providers-acceptance.test.ts; here, what only the Messages API request carries.
  it("sends the system prompt as a cached block and the message as text blocks", async () => {
    server.script({ text: "Hello there, person.", chunks: 4 });
    const agent = new Agent({ model: MODEL, system: "Be brief.", client: clientFor(server) });
    expect(await agent.run(new State("Say hello"))).toBe("Hello there, person.");
    expect(server.requests[0].body.system).toEqual([{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } }]);
    expect(sentMessages(server.requests[0])).toEqual([{ role: "user", content: [{ type: "text", text: "Say hello" }] }]);
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
