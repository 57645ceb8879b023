/**
 * The library's rules on both model providers: the same test bodies, run on the Anthropic
 * provider (Messages API) and on the OpenAI-compatible one (Chat Completions), each against
 * its scripted server. A streamed reply and parallel tool calls; Stop keeps the partial
 * reply; a failed save and a rate limit surface as on Claude; a kill mid-request asks again;
 * a kill mid-tool gives the call the unknown result and never runs it again; resume.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent, FileStore, State, UNKNOWN_RESULT_TEXT, type Tool } from "../../src/main/agent";
import { EventLog, RecordingStore, makeTempDir, rejectionOf, removeDir, startChild, type Child } from "./helpers";
import { PROVIDERS, type ScriptServer } from "./provider-harness";

const RUNNER = fileURLToPath(new URL("./children/runner.ts", import.meta.url));

describe.each(PROVIDERS)("on the $name provider", (provider) => {
  let server: ScriptServer;
  let dir: string;
  const children: Child[] = [];
  beforeEach(async () => {
    server = await provider.start();
    dir = makeTempDir();
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill("SIGKILL");
      await child.exited;
    }
    await server.close();
    removeDir(dir);
  });
  const agentWith = (extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}, retries = 0) =>
    new Agent({ model: provider.model, system: "Test runner.", ...provider.agentOptions(server, retries), ...extra });
  const runner = (stateId: string, extra: Record<string, string> = {}): Child => {
    const child = startChild(RUNNER, { ...provider.childEnv(server), RUNNER_STORE: join(dir, "runs"), RUNNER_STATE: stateId, RUNNER_MARKER: join(dir, "marker.txt"), ...extra });
    children.push(child);
    return child;
  };
  const isEvent = (type: string, extra: (e: any) => boolean = () => true) => (line: string) =>
    line.startsWith("EVENT ") && JSON.parse(line.slice(6)).type === type && extra(JSON.parse(line.slice(6)));

  it("streams the reply in pieces, sends the system prompt, records usage", async () => {
    server.script({ text: "Hello there, person.", chunks: 4 });
    const log = new EventLog();
    const state = new State("Say hello");
    expect(await agentWith().run(state, { onEvent: log.onEvent })).toBe("Hello there, person.");
    expect(log.ofType("text_delta").length).toBeGreaterThan(1);
    expect(log.ofType("text_delta").map((e) => e.text).join("")).toBe("Hello there, person.");
    expect(state.stoppedBy).toBe("end_turn");
    const body = server.requests[0].body;
    expect(body.model).toBe(provider.model);
    expect(body.stream).toBe(true);
    expect(provider.system(server.requests[0])).toBe("Test runner.");
    expect(provider.sent(server.requests[0])).toEqual([{ role: "user", text: "Say hello", calls: [], results: [] }]);
    expect(provider.toolNames(server.requests[0])).toEqual(["finish", "ask"]);
    expect(state.history.map((e) => e.kind)).toEqual(["user", "assistant"]);
    const reply = state.history[1];
    expect(reply).toMatchObject({ kind: "assistant", stopReason: "end_turn", model: provider.model });
    expect(reply.kind === "assistant" && reply.usage!.inputTokens).toBeGreaterThan(0);
  });

  it("runs parallel calls (arguments streamed in fragments) and sends every result back", async () => {
    let started = 0;
    let release: () => void = () => undefined;
    const both = new Promise<void>((resolve) => (release = resolve));
    const meet: Tool = {
      name: "meet",
      description: "Waits for its sibling.",
      inputSchema: { type: "object", properties: { who: { type: "string" } } },
      async run(input: { who: string }) {
        if (++started === 2) release();
        await both;
        return { met: input.who };
      },
    };
    server.script(
      { text: "Meeting both.", toolUses: [{ id: "call_a", name: "meet", input: { who: "a person with a long name" } }, { id: "call_b", name: "meet", input: { who: "b" } }] },
      { text: "Both met." },
    );
    const state = new State("Meet");
    expect(await agentWith({ tools: [meet] }).run(state)).toBe("Both met.");
    const [, turn, results] = provider.sent(server.requests[1]);
    expect(results.role).toBe("user");
    expect(turn.calls).toEqual([
      { id: "call_a", name: "meet", input: { who: "a person with a long name" } },
      { id: "call_b", name: "meet", input: { who: "b" } },
    ]);
    expect(results.results).toEqual([{ id: "call_a", content: '{"met":"a person with a long name"}' }, { id: "call_b", content: '{"met":"b"}' }]);
  });

  it("Stop keeps the streamed words; the next message follows that partial turn", async () => {
    const store = new FileStore(join(dir, "runs"));
    const agent = agentWith({ store });
    server.script({ hang: true, text: "Once upon a time" });
    const state = new State("Tell me a story", { id: "story" });
    const controller = new AbortController();
    const log = new EventLog();
    const running = agent.run(state, { signal: controller.signal, onEvent: log.onEvent });
    await log.next("text_delta");
    controller.abort(new Error("Stop pressed"));
    await rejectionOf(running);
    const loaded = await store.load("story");
    expect(loaded.history[1]).toMatchObject({ kind: "assistant", partial: true, text: "Once upon a time" });
    loaded.addUserMessage("Go on, shorter.");
    server.script({ text: "The end." });
    expect(await agent.run(loaded)).toBe("The end.");
    expect(provider.sent(server.requests[1]).map((t) => [t.role, t.text])).toEqual([["user", "Tell me a story"], ["assistant", "Once upon a time"], ["user", "Go on, shorter."]]);
  });

  it("a failed save throws the store's error; the next save writes what was missing", async () => {
    const store = new RecordingStore();
    server.script({ text: "Hello." });
    const agent = agentWith({ store });
    const state = new State("Hi", { id: "good-run" });
    await agent.save(state);
    const diskFull = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    store.failWhen((write) => (write.kinds.includes("assistant") ? diskFull : null));
    expect(await rejectionOf(agent.run(state))).toBe(diskFull);
    store.failWhen(null);
    await agent.save(state);
    expect((await store.load("good-run")).history.map((e) => e.kind)).toEqual(["user", "assistant", "error"]);
  });

  it("rate limits and overloads are retried by the client, then the reply arrives", async () => {
    server.script(
      { error: { status: 429, type: "rate_limit_error", message: "slow down" }, retryAfterMs: 1 },
      { error: { status: 529, type: "overloaded_error", message: "Overloaded" }, retryAfterMs: 1 },
      { text: "Made it." },
    );
    expect(await agentWith({}, 2).run(new State("Hi"))).toBe("Made it.");
    expect(server.requests).toHaveLength(3);
  });

  it("a rate limit past the retries fails the run with the SDK's RateLimitError, recorded", async () => {
    const limited = { error: { status: 429, type: "rate_limit_error", message: "slow down" }, retryAfterMs: 1 };
    server.script(limited, limited);
    const state = new State("Hi");
    const failure = await rejectionOf(agentWith({}, 1).run(state));
    expect(failure.name).toBe("RateLimitError");
    expect(state.history.at(-1)).toMatchObject({ kind: "error", name: "RateLimitError" });
  });

  it("SIGKILL during a streamed reply: nothing half-written is kept, and the next run asks again", async () => {
    server.script({ hang: true, text: "Once upon a ti" });
    const child = runner("killed-in-think");
    await child.waitForLine(isEvent("text_delta"), "the partial reply");
    child.process.kill("SIGKILL");
    await child.exited;
    const store = new FileStore(join(dir, "runs"));
    const loaded = await store.load("killed-in-think");
    expect(loaded.history.map((e) => e.kind)).toEqual(["user"]);
    server.script({ text: "Once upon a time, the end." });
    expect(await agentWith({ store }).run(loaded)).toBe("Once upon a time, the end.");
    expect(provider.sent(server.requests[1])).toEqual(provider.sent(server.requests[0]));
  });

  it("SIGKILL while a tool runs: the next run sends the unknown result, and the tool ran once", async () => {
    server.script({ toolUses: [{ id: "call_slow", name: "slow_task", input: {} }, { id: "call_note", name: "note", input: {} }] });
    const child = runner("killed-in-tool");
    await child.waitForLine((l) => l === "TOOL_STARTED call_slow", "TOOL_STARTED");
    await child.waitForLine(isEvent("save", (e) => e.point === "tool_result" && e.ok), "the sibling's result saved");
    child.process.kill("SIGKILL");
    await child.exited;
    const store = new FileStore(join(dir, "runs"));
    const loaded = await store.load("killed-in-tool");
    const neverAgain: Tool[] = [
      { name: "slow_task", description: "x", inputSchema: { type: "object" }, run: () => { throw new Error("must not run again"); } },
      { name: "note", description: "x", inputSchema: { type: "object" }, run: () => "noted" },
    ];
    server.script({ text: "I will check whether it took effect." });
    expect(await agentWith({ store, tools: neverAgain }).run(loaded)).toBe("I will check whether it took effect.");
    const results = provider.sent(server.requests[1])[2].results;
    expect(results).toContainEqual({ id: "call_slow", content: UNKNOWN_RESULT_TEXT });
    expect(results).toContainEqual({ id: "call_note", content: "noted" });
    expect(readFileSync(join(dir, "marker.txt"), "utf8")).toBe("ran call_slow\n");
  });

  it("SIGTERM with abortOnSignals: the call is closed as aborted, and that result is sent on resume", async () => {
    server.script({ toolUses: [{ id: "call_slow", name: "slow_task", input: {} }] });
    const child = runner("terminated", { RUNNER_SIGNALS: "1" });
    await child.waitForLine((l) => l === "TOOL_STARTED call_slow", "TOOL_STARTED");
    child.process.kill("SIGTERM");
    expect(await child.exited).toEqual({ code: 143, signal: null });
    const store = new FileStore(join(dir, "runs"));
    const loaded = await store.load("terminated");
    loaded.addUserMessage("Go on.");
    server.script({ text: "Going on." });
    expect(await agentWith({ store }).run(loaded)).toBe("Going on.");
    const last = provider.sent(server.requests[1]).at(-1)!;
    expect(last).toMatchObject({ role: "user", text: "Go on.", results: [{ id: "call_slow", content: "(aborted: SignalAbortError)" }] });
  });
});
