/**
 * The default provider of new conversations: an older settings file reads as Anthropic; a
 * provider of Settings → Models is saved as the default (with its model), an unknown one is
 * refused; a new conversation then runs on it (nothing asked of Anthropic) while one that chose
 * a model keeps its own; once the provider is removed, new conversations go back to Anthropic
 * and the settings say so.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startOpenAIServer, type OpenAIServer } from "../support/openai-server";
import { DEFAULT_MODEL } from "../../src/main/service/settings/settings-file";
import { openService, type ServiceFixture } from "./helpers";
import { useSettingsFolders } from "./settings-folders";

let local: OpenAIServer | undefined;
let fixture: ServiceFixture | undefined;
const { dataFolder, settingsOnDisk } = useSettingsFolders();
afterEach(async () => {
  await fixture?.close();
  await local?.close();
  fixture = local = undefined;
});

describe("default provider of new conversations", () => {
  it("an older file reads as Anthropic; an unknown provider is refused and nothing changes", async () => {
    const folder = dataFolder("settings-v1.json");
    fixture = await openService({ dataFolder: folder });
    expect(await fixture.call("settings:get")).toMatchObject({ defaultProvider: null, defaultProviderRemoved: false, model: "claude-opus-4-1" });
    const refused = await fixture.request("settings:set", { defaultProvider: "ollama", model: "llama3.2:3b" });
    expect(refused).toMatchObject({ ok: false, error: { name: "InvalidSettingError", message: expect.stringContaining('"ollama" is not a provider in Settings → Models') } });
    expect(await fixture.request("settings:set", { defaultProvider: "Not an id!" })).toMatchObject({ ok: false });
    expect(settingsOnDisk(folder)).not.toHaveProperty("defaultProvider");
    expect((await fixture.call("settings:get")).model).toBe("claude-opus-4-1");
  });

  it("saved as the default, a provider runs a new conversation; after its removal new ones go to Anthropic and Settings says so", async () => {
    local = await startOpenAIServer();
    const folder = dataFolder();
    fixture = await openService({ dataFolder: folder });
    await fixture.call("providers:add", { kind: "ollama", baseURL: local.url });
    const saved = await fixture.call("settings:set", { defaultProvider: "ollama", model: "qwen2.5:7b" });
    expect(saved).toMatchObject({ defaultProvider: "ollama", model: "qwen2.5:7b", defaultProviderRemoved: false });
    expect(settingsOnDisk(folder)).toMatchObject({ version: 1, defaultProvider: "ollama", model: "qwen2.5:7b" });

    local.script({ text: "Local hello." });
    const { id } = await fixture.call("runs:start", { text: "Hello" });
    expect(await fixture.log.step(id, "run_end")).toMatchObject({ stoppedBy: "end_turn", error: null });
    expect(local.requests.map((r) => r.body.model)).toEqual(["qwen2.5:7b"]);
    expect(fixture.model.requests).toHaveLength(0);
    expect((await fixture.call("conversations:get", { id })).options).toMatchObject({ provider: "ollama", model: "qwen2.5:7b", modelChosen: false });

    // A conversation that chose a Claude model keeps Anthropic.
    fixture.model.script({ text: "Claude here." });
    const claude = await fixture.call("runs:start", { text: "Hi", model: "claude-haiku-4-5" });
    expect(await fixture.log.step(claude.id, "run_end")).toMatchObject({ stoppedBy: "end_turn", error: null });
    expect(fixture.model.requests.map((r) => r.body.model)).toEqual(["claude-haiku-4-5"]);

    await fixture.call("providers:remove", { id: "ollama" });
    expect(await fixture.call("settings:get")).toMatchObject({ defaultProvider: "ollama", defaultProviderRemoved: true });
    fixture.model.script({ text: "Back on Claude." });
    const next = await fixture.call("runs:start", { text: "Again" });
    expect(await fixture.log.step(next.id, "run_end")).toMatchObject({ stoppedBy: "end_turn", error: null });
    expect(fixture.model.requests.map((r) => r.body.model)).toEqual(["claude-haiku-4-5", DEFAULT_MODEL]);
    expect(local.requests).toHaveLength(1);

    // Choosing Anthropic again clears it.
    expect(await fixture.call("settings:set", { defaultProvider: null, model: DEFAULT_MODEL })).toMatchObject({ defaultProvider: null, defaultProviderRemoved: false });
  });

  it("the frozen file with a default provider reads it; without that provider, Anthropic is used", async () => {
    fixture = await openService({ dataFolder: dataFolder("settings-v1-default-provider.json") });
    expect(await fixture.call("settings:get")).toMatchObject({ defaultProvider: "ollama", model: "llama3.2:3b", defaultProviderRemoved: true });
    fixture.model.script({ text: "Claude." });
    const { id } = await fixture.call("runs:start", { text: "Hi" });
    expect(await fixture.log.step(id, "run_end")).toMatchObject({ stoppedBy: "end_turn", error: null });
    expect(fixture.model.requests.map((r) => r.body.model)).toEqual([DEFAULT_MODEL]);
  });
});
