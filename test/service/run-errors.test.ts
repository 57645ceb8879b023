/**
 * Runs that cannot reach the model: no API key, a rate limit, a network failure. Each
 * ends with a message that says what to do, in the event and in the conversation's view.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationView } from "../../src/shared/view-types";
import { startModelServer } from "../support/model-server";
import { openService, type ServiceFixture } from "./helpers";

let fixture: ServiceFixture;
afterEach(async () => {
  await fixture?.close();
});

describe("a run without an API key", () => {
  it("sends nothing, keeps the message, and says how to set a key; the app still answers", async () => {
    fixture = await openService({ apiKey: null });
    expect(await fixture.call("app:info")).toMatchObject({ hasApiKey: false });
    expect(await fixture.call("settings:get")).toMatchObject({ hasApiKey: false });

    const { id } = await fixture.call("runs:start", { text: "Hello?" });
    const end = await fixture.log.step(id, "run_end");
    expect(end.stoppedBy).toBe("error");
    expect(end.error).toEqual({ name: "MissingApiKeyError", message: expect.stringMatching(/No API key is set\. Open Settings/) });
    expect(fixture.model.requests).toHaveLength(0);

    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.entries.map((e) => e.text)).toEqual(["Hello?"]);
    expect(view.interruption).toEqual({ kind: "error", detail: expect.stringMatching(/No API key is set.*press Continue/) });
    expect((await fixture.call("conversations:list")).items[0]).toMatchObject({ id, stoppedBy: "error" });

    // With a key, Continue sends the saved message.
    await fixture.call("settings:setApiKey", { apiKey: "  sk-ant-new  " });
    expect(fixture.secrets.get()).toBe("sk-ant-new");
    fixture.model.script({ text: "Hi, now with a key" });
    const mark = fixture.log.count;
    await fixture.call("runs:continue", { id });
    expect((await fixture.log.step(id, "run_end", mark)).stoppedBy).toBe("end_turn");
    const [request] = await fixture.model.waitForRequests(1);
    expect(JSON.stringify(request.headers)).toContain("sk-ant-new");
    expect((await fixture.call<ConversationView>("conversations:get", { id })).interruption).toBeNull();
  });

  it("is reported after a restart too", async () => {
    fixture = await openService({ apiKey: null });
    const { id } = await fixture.call("runs:start", { text: "Hello?" });
    await fixture.log.step(id, "run_end");
    await fixture.service.shutdown();
    const again = fixture.reopen();
    try {
      const view = await again.call<ConversationView>("conversations:get", { id });
      expect(view.interruption).toEqual({ kind: "error", detail: expect.stringMatching(/No API key is set/) });
    } finally {
      await again.close();
    }
  });
});

describe("model errors in friendly words", () => {
  it("a rate limit says to wait and continue, in the event and in the view", async () => {
    fixture = await openService();
    fixture.model.script({ error: { status: 429, type: "rate_limit_error", message: "Number of requests has exceeded your rate limit" } });
    const { id } = await fixture.call("runs:start", { text: "Hi" });
    const end = await fixture.log.step(id, "run_end");
    expect(end.stoppedBy).toBe("error");
    expect(end.error!.name).toBe("RateLimitError");
    expect(end.error!.message).toMatch(/^The model service is limiting requests right now \(rate limit\)\. Wait a minute, then press Continue\./);
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.interruption).toEqual({ kind: "error", detail: expect.stringMatching(/limiting requests.*Wait a minute/) });
    expect(view.entries.at(-1)).toMatchObject({ kind: "error", name: "RateLimitError" });
  });

  it("a model service that cannot be reached says to check the network", async () => {
    const unreachable = await startModelServer();
    const url = unreachable.url;
    await unreachable.close(); // nothing listens there any more
    fixture = await openService({ service: { model: { baseURL: url, maxRetries: 0 } } });
    const { id } = await fixture.call("runs:start", { text: "Hi" });
    const end = await fixture.log.step(id, "run_end");
    expect(end.error!.name).toBe("APIConnectionError");
    expect(end.error!.message).toMatch(/could not reach the model service\. Check your network connection/);
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.interruption!.detail).toMatch(/Check your network connection/);
  });

  it("a refused key says to check it in Settings", async () => {
    fixture = await openService();
    fixture.model.script({ error: { status: 401, type: "authentication_error", message: "invalid x-api-key" } });
    const { id } = await fixture.call("runs:start", { text: "Hi" });
    const end = await fixture.log.step(id, "run_end");
    expect(end.error).toEqual({ name: "AuthenticationError", message: expect.stringMatching(/API key was refused\. Check it in Settings/) });
  });
});
