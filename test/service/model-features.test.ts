/**
 * Titles, the model list, per-conversation model and thinking, usage and cost, through the
 * service against the scripted model server.
 */
import { describe, expect, it } from "vitest";
import { useServiceFixture, type ServiceFixture } from "./helpers";

const services = useServiceFixture();
let f: ServiceFixture;

const changedTitle = (f: ServiceFixture, id: string, title: string) =>
  f.log.next((e) => e.type === "conversation_changed" && e.summary.id === id && e.summary.title === title);

describe("titles", () => {
  it("after the first reply a separate small request names the conversation; later replies do not", async () => {
    f = await services.open();
    f.model.scriptTitles({ text: '"Planning a garden."' });
    f.model.script({ text: "Start with tomatoes." }, { text: "And basil." });
    const { id } = await f.call("runs:start", { text: "I want to plan a vegetable garden for my balcony this spring" });
    await changedTitle(f, id, "Planning a garden");
    expect(f.model.titleRequests).toHaveLength(1);
    const asked = f.model.titleRequests[0].body;
    expect(asked.model).toBe("claude-haiku-4-5");
    expect(asked.max_tokens).toBeLessThanOrEqual(50);
    expect(JSON.stringify(asked.messages)).toContain("Start with tomatoes.");
    expect(f.model.requests).toHaveLength(1); // the title is not one of the conversation's requests
    const count = f.log.count;
    await f.call("runs:send", { id, text: "What else?" });
    await f.log.step(id, "run_end", count);
    expect(f.model.titleRequests).toHaveLength(1);
    expect((await f.call("conversations:get", { id })).summary.title).toBe("Planning a garden");
  });

  it("a failed title request leaves the first words; a conversation the person renamed is never retitled", async () => {
    f = await services.open();
    f.model.script({ text: "Hello." });
    const first = await f.call("runs:start", { text: "Say hello" }); // no title scripted: the request fails
    await f.log.step(first.id, "run_end");
    await f.model.waitForRequests(1);
    await waitUntil(() => f.model.titleRequests.length === 1);
    expect((await f.call("conversations:get", { id: first.id })).summary.title).toBe("Say hello");

    f.model.script({ text: "A slow answer.", delayMs: 30, chunks: 5 });
    f.model.scriptTitles(async () => {
      await f.call("conversations:rename", { id: second.id, title: "My own name" }); // renamed while the title was asked
      return { text: "Generated" };
    });
    const second = await f.call("runs:start", { text: "Tell me something" });
    await f.log.step(second.id, "run_end");
    await waitUntil(() => f.model.titleRequests.length === 1 + 1);
    await f.model.waitForIdle();
    expect((await f.call("conversations:get", { id: second.id })).summary.title).toBe("My own name");
  });
});

describe("models, per-conversation choices, usage and cost", () => {
  it("lists the Models API's models, and the built-in list when it cannot be reached", async () => {
    f = await services.open();
    const listed = await f.call("models:list");
    expect(listed.source).toBe("api");
    expect(listed.models.map((m: { id: string }) => m.id)).toContain("claude-sonnet-4-6");
    f.model.setModels(null);
    const fallback = await f.call("models:list");
    expect(fallback.source).toBe("built-in");
    expect(fallback.models.length).toBeGreaterThan(2);
  });

  it("names a conversation's model as it was last listed, after a relaunch before the list is asked again", async () => {
    f = await services.open();
    f.model.script({ text: "One." });
    const { id } = await f.call("runs:start", { text: "Hi", model: "claude-opus-4-5" });
    await f.log.step(id, "run_end");
    // Before any list: the built-in name, never the id.
    expect((await f.call("conversations:get", { id })).options).toMatchObject({ model: "claude-opus-4-5", modelName: "Claude Opus 4.5" });
    f.model.setModels([{ id: "claude-opus-4-5", display_name: "Claude Opus 4.5 (as listed)", created_at: "2025-11-24T00:00:00Z" }]);
    expect((await f.call("models:list")).source).toBe("api");
    await f.service.shutdown();
    f.model.setModels(null); // the Models API cannot be reached after the relaunch
    const again = f.reopen();
    try {
      expect((await again.call("conversations:get", { id })).options).toMatchObject({ model: "claude-opus-4-5", modelName: "Claude Opus 4.5 (as listed)" });
    } finally {
      await again.service.shutdown();
    }
  });

  it("a conversation's own model and thinking budget are used by its runs and kept", async () => {
    f = await services.open();
    f.model.script({ text: "One." }, { thinking: "Let me think.", text: "Two." });
    const { id } = await f.call("runs:start", { text: "Hi", model: "claude-opus-4-5" });
    await f.log.step(id, "run_end");
    expect(f.model.requests[0].body.model).toBe("claude-opus-4-5");
    expect(f.model.requests[0].body.thinking).toBeUndefined();
    const view = await f.call("conversations:setOptions", { id, thinkingBudget: 2048 });
    expect(view.options).toEqual({ model: "claude-opus-4-5", modelName: "Claude Opus 4.5", modelChosen: true, provider: "anthropic", thinkingBudget: 2048 });
    const count = f.log.count;
    await f.call("runs:send", { id, text: "Think about it" });
    await f.log.step(id, "run_end", count);
    expect(f.model.requests[1].body.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
    expect(f.model.requests[1].body.model).toBe("claude-opus-4-5");
  });

  it("usage is kept with each reply, totalled per conversation, and priced with the editable table", async () => {
    f = await services.open();
    f.model.script({ text: "One." });
    const { id } = await f.call("runs:start", { text: "Count my tokens" });
    await f.log.step(id, "run_end");
    const view = await f.call("conversations:get", { id });
    const reply = view.entries.find((e: { kind: string }) => e.kind === "assistant");
    expect(reply.usage.inputTokens).toBeGreaterThan(0);
    expect(reply.usage.outputTokens).toBeGreaterThan(0);
    // A view read as a page comes without totals: they have their own request, summing every reply.
    const u = (await f.call("conversations:usage", { id })).usage;
    expect(u.inputTokens).toBe(reply.usage.inputTokens);
    const expected = (u.inputTokens * 3 + u.outputTokens * 15 + u.cacheWriteTokens * 3.75 + u.cacheReadTokens * 0.3) / 1e6;
    expect(u.costUsd).toBeCloseTo(expected, 12);
    await f.call("prices:set", { prices: { "claude-sonnet-4-6": { input: 300, output: 1500, cacheWrite: 375, cacheRead: 30 } } });
    expect((await f.call("conversations:usage", { id })).usage.costUsd).toBeCloseTo(expected * 100, 9);
    const reopened = f.reopen();
    expect((await reopened.call("prices:get"))["claude-sonnet-4-6"].input).toBe(300);
    await reopened.service.shutdown();
  });
});

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error("condition not met");
}
