/**
 * Runs that cannot reach the model: no API key, a rate limit, a network failure. Each
 * ends with a message that says what to do, in the event and in the conversation's view.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KEY_WAIT_FILE_NAME } from "../../src/main/service/runs/key-wait";
import type { ConversationView } from "../../src/shared/view-types";
import { startModelServer } from "../support/model-server";
import { openService, type ServiceFixture } from "./helpers";

let fixture: ServiceFixture;
afterEach(async () => {
  await fixture?.close();
});

describe("a run without an API key", () => {
  it("sends nothing, keeps the message as waiting for the key (not an error), and sends it once a key is set", async () => {
    fixture = await openService({ apiKey: null });
    expect(await fixture.call("app:info")).toMatchObject({ hasApiKey: false });
    expect(await fixture.call("settings:get")).toMatchObject({ hasApiKey: false });

    const { id } = await fixture.call("runs:start", { text: "Hello?" });
    const end = await fixture.log.step(id, "run_end");
    expect(end.error).toEqual({ name: "MissingApiKeyError", message: expect.stringMatching(/message is kept and sent as soon as the key is set/) });
    expect(fixture.model.requests).toHaveLength(0);

    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.entries.map((e) => [e.kind, e.text])).toEqual([["user", "Hello?"]]); // no error entry
    expect(view.interruption).toEqual({ kind: "needs_key", detail: expect.stringMatching(/message is saved.*API key in Settings/) });
    expect(view.summary).toMatchObject({ waitingForKey: true });
    expect((await fixture.call("conversations:list")).items[0]).toMatchObject({ id, waitingForKey: true });

    // Setting the key sends the waiting message: no Continue needed.
    fixture.model.script({ text: "Hi, now with a key" });
    const mark = fixture.log.count;
    await fixture.call("settings:setApiKey", { apiKey: "  sk-ant-new  " });
    expect(fixture.secrets.get()).toBe("sk-ant-new");
    expect((await fixture.log.step(id, "run_end", mark)).stoppedBy).toBe("end_turn");
    const [request] = await fixture.model.waitForRequests(1);
    expect(request.headers.authorization).toBe("Bearer sk-ant-new");
    expect(JSON.stringify(request.body.messages)).toContain("Hello?");
    const after = await fixture.call<ConversationView>("conversations:get", { id });
    expect(after.interruption).toBeNull();
    expect(after.summary.waitingForKey).toBeUndefined();
    expect((await fixture.call("conversations:list")).items[0].waitingForKey).toBeUndefined();
  });

  it("still waits after a restart, and is sent when a key is set then", async () => {
    fixture = await openService({ apiKey: null });
    const { id } = await fixture.call("runs:start", { text: "Hello?" });
    await fixture.log.step(id, "run_end");
    await fixture.service.shutdown();
    const again = fixture.reopen();
    try {
      const view = await again.call<ConversationView>("conversations:get", { id });
      expect(view.interruption).toEqual({ kind: "needs_key", detail: expect.stringMatching(/API key/) });
      expect((await again.call("conversations:list")).items[0]).toMatchObject({ id, waitingForKey: true });
      again.model.script({ text: "Hello after the restart" });
      await again.call("settings:setApiKey", { apiKey: "sk-ant-later" });
      expect((await again.log.step(id, "run_end")).stoppedBy).toBe("end_turn");
      expect(again.model.requests).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it("a garbled or newer list of waiting conversations is no failure; a newer one is left as it is", async () => {
    fixture = await openService({ apiKey: null });
    const file = path.join(fixture.dataFolder, KEY_WAIT_FILE_NAME);
    await fixture.service.shutdown();
    fs.writeFileSync(file, "{not json");
    let again = fixture.reopen();
    expect((await again.call("conversations:list")).items).toEqual([]);
    await again.service.shutdown();
    fs.writeFileSync(file, JSON.stringify({ version: 99, ids: ["x"] }));
    again = fixture.reopen();
    const { id } = await again.call("runs:start", { text: "Hi" });
    await again.log.step(id, "run_end");
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ version: 99, ids: ["x"] });
    await again.close();
  });

  it("an error that is not the missing key still reads as an error once the key is gone", async () => {
    fixture = await openService();
    fixture.model.script({ error: { status: 429, type: "rate_limit_error", message: "slow down" } });
    const { id } = await fixture.call("runs:start", { text: "Hi" });
    await fixture.log.step(id, "run_end");
    await fixture.call("settings:setApiKey", { apiKey: "" });
    expect((await fixture.call<ConversationView>("conversations:get", { id })).interruption).toMatchObject({ kind: "error" });
    expect(fixture.model.requests).toHaveLength(1);
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
