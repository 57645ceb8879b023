/**
 * Prompt caching: the breakpoints sit at the end of the system prompt, the end of the
 * previous request and the end of this one; the stable prefix is read from the (simulated)
 * cache at each step, in tool loops and after a resume; usage is saved with each turn.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Agent, FileStore, State, type Tool } from "../../src/main/agent";
import { PromptCache, startModelServer } from "../support/model-server";
import { MODEL, clientFor, useModelServerAndTempDir } from "./helpers";

const LONG_SYSTEM = "You are a careful assistant. ".repeat(300); // ~ 2,000 tokens: cacheable on its own
const note: Tool = { name: "note", description: "Returns at once.", inputSchema: { type: "object" }, run: () => "noted ".repeat(50) };

describe("prompt caching through the Agent", () => {
  let server: any;
  let dir = "";
  useModelServerAndTempDir((s, d) => ((server = s), (dir = d)));

  it("places breakpoints on the system prompt, the previous request's end and this request's end", async () => {
    const agent = new Agent({ model: MODEL, system: LONG_SYSTEM, client: clientFor(server), tools: [note] });
    const state = new State("Take two notes");
    server.script({ toolUses: [{ id: "a", name: "note", input: {} }] }, { toolUses: [{ id: "b", name: "note", input: {} }] }, { text: "Done." });
    await agent.run(state);
    const paths = server.requests.map((r: any) => r.cacheBreakpoints.map((b: any) => b.path));
    expect(paths[0]).toEqual(["system.0", "messages.0.content.0"]);
    expect(paths[1]).toEqual(["system.0", "messages.0.content.0", "messages.2.content.0"]);
    expect(paths[2]).toEqual(["system.0", "messages.2.content.0", "messages.4.content.0"]);
    // Every step after the first reads what the one before wrote.
    const usages = server.requests.map((r: any) => r.cacheUsage);
    expect(usages[0].cache_read_input_tokens).toBe(0);
    expect(usages[0].cache_creation_input_tokens).toBeGreaterThan(1024);
    for (const [i, usage] of usages.entries()) {
      if (i === 0) continue;
      expect(usage.cache_read_input_tokens).toBe(server.requests[i - 1].cacheBreakpoints.at(-1).prefixTokens);
    }
    // The usage is saved with each assistant turn.
    const turns = state.history.filter((e) => e.kind === "assistant");
    expect(turns.map((t) => t.kind === "assistant" && t.usage?.cacheReadTokens)).toEqual(usages.map((u: any) => u.cache_read_input_tokens));
    expect(turns.map((t) => t.kind === "assistant" && t.usage?.cacheWriteTokens)).toEqual(usages.map((u: any) => u.cache_creation_input_tokens));
    expect(turns[0].kind === "assistant" && turns[0].usage?.inputTokens).toBe(usages[0].input_tokens);
  });

  it("a resumed run (new Agent, State loaded from the store) reads the prefix the first run wrote", async () => {
    const store = new FileStore(join(dir, "runs"));
    const state = new State("Hello");
    server.script({ text: "Hi." }, { text: "Again." });
    await new Agent({ model: MODEL, system: LONG_SYSTEM, client: clientFor(server), store }).run(state);
    const loaded = await new FileStore(join(dir, "runs")).load(state.id);
    loaded.addUserMessage("And again?");
    await new Agent({ model: MODEL, system: LONG_SYSTEM, client: clientFor(server), store: new FileStore(join(dir, "runs")) }).run(loaded).catch(() => undefined);
    expect(server.requests[1].cacheUsage.cache_read_input_tokens).toBe(server.requests[0].cacheBreakpoints.at(-1).prefixTokens);
  });

  it("promptCaching: false sends no breakpoints", async () => {
    const agent = new Agent({ model: MODEL, system: "Short.", client: clientFor(server), promptCaching: false });
    server.script({ text: "Hi." });
    await agent.run(new State("Hello"));
    expect(server.requests[0].cacheBreakpoints).toEqual([]);
    expect(server.requests[0].body.system).toBe("Short.");
  });
});

describe("the scripted server's cache simulation", () => {
  const body = (texts: string[], marks: number[]) => ({
    model: MODEL,
    messages: texts.map((text, i) => ({ role: i % 2 ? "assistant" : "user", content: [{ type: "text", text, ...(marks.includes(i) ? { cache_control: { type: "ephemeral" } } : {}) }] })),
  });
  const long = (c: string) => c.repeat(5000);

  it("caches only prefixes of the minimum length, reads the longest, and forgets after 5 minutes unused", () => {
    let now = 0;
    const cache = new PromptCache({ now: () => now });
    expect(cache.account(body(["short"], [0])).usage).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
    const first = cache.account(body([long("a")], [0]));
    expect(first.usage?.cache_creation_input_tokens).toBe(first.breakpoints[0].prefixTokens);
    const second = cache.account(body([long("a"), "ok", long("b")], [0, 2]));
    expect(second.usage?.cache_read_input_tokens).toBe(first.breakpoints[0].prefixTokens);
    expect(second.usage?.cache_creation_input_tokens).toBe(second.breakpoints[1].prefixTokens - first.breakpoints[0].prefixTokens);
    now += 4 * 60_000;
    expect(cache.account(body([long("a"), "ok", long("b")], [2])).usage?.cache_read_input_tokens).toBe(second.breakpoints[1].prefixTokens);
    now += 5 * 60_000 + 1;
    expect(cache.account(body([long("a"), "ok", long("b")], [2])).usage?.cache_read_input_tokens).toBe(0);
  });

  it("finds an earlier cached prefix up to 20 blocks before a breakpoint, not further", () => {
    const cache = new PromptCache();
    const texts = [long("a"), ...Array.from({ length: 30 }, (_, i) => `turn ${i}`)];
    cache.account(body(texts.slice(0, 1), [0]));
    expect(cache.account(body(texts.slice(0, 21), [20])).usage?.cache_read_input_tokens).toBeGreaterThan(0);
    const other = new PromptCache();
    other.account(body(texts.slice(0, 1), [0]));
    expect(other.account(body(texts.slice(0, 23), [22])).usage?.cache_read_input_tokens).toBe(0);
  });

  it("reports the cache in the streamed usage (message_start and message_delta)", async () => {
    const server = await startModelServer({ fallback: { text: "fine" } });
    try {
      const client = clientFor(server);
      const request = { model: MODEL, max_tokens: 100, system: [{ type: "text" as const, text: LONG_SYSTEM, cache_control: { type: "ephemeral" as const } }], messages: [{ role: "user" as const, content: "hi" }] };
      const one = await client.messages.stream(request).finalMessage();
      const two = await client.messages.stream(request).finalMessage();
      expect(one.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
      expect(two.usage.cache_read_input_tokens).toBe(one.usage.cache_creation_input_tokens);
      expect(two.usage.cache_creation_input_tokens).toBe(0);
      expect(two.usage.input_tokens).toBe(one.usage.input_tokens);
    } finally {
      await server.close();
    }
  });
});
