/**
 * Settings → Models through the service's channels: an Ollama-style provider added (its key
 * kept out of every view and out of the providers file), a Test that says what failed, the
 * picker's models grouped by provider with unknown prices, a conversation run on the provider
 * without an Anthropic key (and no title asked of Anthropic), a stop and a Continue on it, and
 * the providers file: versioned, frozen fixtures of version 1 read, a newer one left unchanged.
 */
import fs from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startOpenAIServer, type OpenAIServer } from "../support/openai-server";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { openService, type ServiceFixture } from "./helpers";

const FIXTURES = fileURLToPath(new URL("../fixtures/providers/", import.meta.url));
let local: OpenAIServer;
let fixture: ServiceFixture;
let keys: MemorySecretKeeper;
beforeEach(async () => {
  local = await startOpenAIServer({ modelsWithoutTools: ["gemma:2b"] });
  keys = new MemorySecretKeeper();
  fixture = await openService({ apiKey: null, service: { providerSecrets: keys } });
});
afterEach(async () => {
  await fixture.close();
  await local.close();
});

const addLocal = (extra: Record<string, unknown> = {}) => fixture.call("providers:add", { kind: "ollama", baseURL: local.url, ...extra });

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("Settings → Models", () => {
  it("adds an Ollama provider with its usual name; its key is kept apart and never shown", async () => {
    const view = await addLocal({ apiKey: "sk-local-secret" });
    expect(view.providers).toEqual([{ id: "ollama", kind: "ollama", name: "Ollama", baseURL: local.url, hasKey: true, models: [] }]);
    expect(view.presets.map((p: { name: string; baseURL: string }) => [p.name, p.baseURL])).toEqual([
      ["OpenAI", "https://api.openai.com/v1"],
      ["OpenRouter", "https://openrouter.ai/api/v1"],
      ["Ollama", "http://localhost:11434/v1"],
      ["LM Studio", "http://localhost:1234/v1"],
      ["Other server", ""],
    ]);
    expect(JSON.stringify(view)).not.toContain("sk-local-secret");
    expect(fs.readFileSync(path.join(fixture.dataFolder, "providers.json"), "utf8")).not.toContain("sk-local-secret");
    expect(JSON.parse(keys.get()!)).toEqual({ ollama: "sk-local-secret" });
    expect((await fixture.call("providers:setKey", { id: "ollama", apiKey: "" })).providers[0].hasKey).toBe(false);
    expect(keys.get()).toBeNull();
    expect((await addLocal()).providers.map((p: { id: string }) => p.id)).toEqual(["ollama", "ollama-2"]);
  });

  it("Test says the server is not running, at its address, without a socket error", async () => {
    const baseURL = `http://127.0.0.1:${await closedPort()}/v1`;
    await fixture.call("providers:add", { kind: "ollama", baseURL });
    const test = await fixture.call("providers:test", { id: "ollama" });
    expect(test).toMatchObject({ ok: false, problem: "unreachable", models: [] });
    expect(test.message).toMatch(new RegExp(`^Ollama is not running at ${baseURL.replace(/[./]/g, "\\$&")} `));
    expect(test.message).not.toContain("ECONNREFUSED");
  });

  it("Test says the key was refused, the server lists no models, or the model takes no tools; else what works", async () => {
    await local.close();
    local = await startOpenAIServer({ apiKey: "right-key", modelsWithoutTools: ["gemma:2b"] });
    await addLocal({ kind: "openrouter", name: "OpenRouter", apiKey: "wrong-key" });
    expect(await fixture.call("providers:test", { id: "openrouter" })).toMatchObject({ ok: false, problem: "key_refused" });
    await fixture.call("providers:setKey", { id: "openrouter", apiKey: "right-key" });
    expect(await fixture.call("providers:test", { id: "openrouter", model: "gemma:2b" })).toMatchObject({ ok: false, problem: "no_tools", message: expect.stringContaining("gemma:2b does not support tool calls") });
    local.script({ text: "OK" });
    expect(await fixture.call("providers:test", { id: "openrouter" })).toMatchObject({ ok: true, problem: null, models: ["llama3.2:3b", "qwen2.5:7b"] });
    expect(local.requests.at(-1)!.body.tools).toHaveLength(1);
    local.setModels([]);
    expect(await fixture.call("providers:test", { id: "openrouter" })).toMatchObject({ ok: false, problem: "no_models", message: expect.stringContaining("lists no models") });
  });

  it("the picker groups models by provider, Anthropic first; a typed model is offered, and an unknown price stays unknown", async () => {
    await addLocal({ models: ["my-finetune"] });
    const groups = await fixture.call("models:groups");
    expect(groups.map((g: { providerId: string }) => g.providerId)).toEqual(["anthropic", "ollama"]);
    expect(groups[0].models.find((m: { id: string }) => m.id === "claude-sonnet-4-6").price).toMatchObject({ input: 3, output: 15 });
    expect(groups[1]).toEqual({
      providerId: "ollama",
      providerName: "Ollama",
      models: [
        { id: "llama3.2:3b", name: "llama3.2:3b", price: null },
        { id: "qwen2.5:7b", name: "qwen2.5:7b", price: null },
        { id: "my-finetune", name: "my-finetune", price: null },
      ],
    });
  });

  it("a conversation runs on the provider without an Anthropic key, asks Anthropic nothing, and Continue goes on after a stop", async () => {
    await addLocal();
    local.script({ hang: true, text: "Once upon" });
    const { id } = await fixture.call("runs:start", { text: "Tell a story", model: "llama3.2:3b", provider: "ollama" });
    await fixture.log.step(id, "text_delta");
    await fixture.call("runs:stop", { id });
    local.script({ text: "Once upon a time, the end." });
    await fixture.call("runs:continue", { id });
    await fixture.log.step(id, "run_end", 0, (e) => e.stoppedBy === "end_turn");
    const view = await fixture.call("conversations:get", { id });
    expect(view.options).toMatchObject({ model: "llama3.2:3b", provider: "ollama", modelChosen: true });
    expect(local.requests).toHaveLength(2);
    expect(fixture.model.requests).toHaveLength(0);
    expect(fixture.model.titleRequests).toHaveLength(0);
    const usage = await fixture.call("conversations:usage", { id });
    expect(usage.usage.costUsd).toBeNull(); // no made-up cost
  });

  it("a message to a conversation whose provider was removed is kept, and its run says to choose another model", async () => {
    await addLocal();
    local.script({ text: "Hello." });
    const { id } = await fixture.call("runs:start", { text: "Hi", model: "llama3.2:3b", provider: "ollama" });
    await fixture.log.step(id, "run_end");
    await fixture.call("providers:remove", { id: "ollama" });
    const mark = fixture.log.count;
    await fixture.call("runs:send", { id, text: "Still there?" });
    const end = await fixture.log.step(id, "run_end", mark);
    expect(end.error).toMatchObject({ name: "ProviderNotFoundError", message: expect.stringContaining("Choose another model for this conversation") });
    const view = await fixture.call("conversations:get", { id });
    expect(view.entries.filter((e: { kind: string }) => e.kind === "user").map((e: { text: string }) => e.text)).toEqual(["Hi", "Still there?"]);
    expect(local.requests).toHaveLength(1);
  });
});

describe("the providers file", () => {
  const withFixture = async (name: string): Promise<ServiceFixture> => {
    await fixture.close();
    const dataFolder = fs.mkdtempSync(path.join(fixture.dataFolder, "..", "alpine-providers-"));
    fs.copyFileSync(path.join(FIXTURES, name), path.join(dataFolder, "providers.json"));
    fixture = await openService({ dataFolder, apiKey: null });
    return fixture;
  };

  it("reads a version 1 file as it is", async () => {
    const f = await withFixture("providers-v1.json");
    const view = await f.call("providers:get");
    expect(view.providers.map((p: { id: string; models: string[] }) => [p.id, p.models])).toEqual([["ollama", ["llama3.2"]], ["openrouter", []]]);
    await f.call("providers:edit", { id: "ollama", models: ["llama3.2", "qwen2.5"] });
    expect(JSON.parse(fs.readFileSync(path.join(f.dataFolder, "providers.json"), "utf8"))).toMatchObject({ version: 1, providers: [{ id: "ollama", models: ["llama3.2", "qwen2.5"] }, { id: "openrouter" }] });
  });

  it("reads a newer version's file as far as it can, never rewrites it, and refuses changes", async () => {
    const f = await withFixture("providers-v2-newer.json");
    const before = fs.readFileSync(path.join(f.dataFolder, "providers.json"), "utf8");
    const view = await f.call("providers:get");
    expect(view.providers.map((p: { id: string }) => p.id)).toEqual(["lm-studio"]);
    expect(view.problem).toContain("from a newer version of Alpine (version 2)");
    expect(await f.request("providers:add", { kind: "ollama" })).toMatchObject({ ok: false, error: { name: "NewerFileVersionError" } });
    expect(fs.readFileSync(path.join(f.dataFolder, "providers.json"), "utf8")).toBe(before);
  });
});
