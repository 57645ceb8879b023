/**
 * One conversation that changes provider between turns: it starts on Claude with extended
 * thinking and tools, goes on on an OpenAI-compatible model, then back on Claude. Its
 * history stays one format; every request is one its provider accepts (both scripted
 * servers refuse invalid ones): thinking and signatures stay in the history and go only to
 * Claude, calls and results are translated for Chat Completions.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { Agent, FileStore, OpenAICompatibleProvider, State, type Tool } from "../../src/main/agent";
import { startModelServer, type ModelServer } from "../support/model-server";
import { startOpenAIServer, type OpenAIServer } from "../support/openai-server";
import { clientFor, makeTempDir, removeDir } from "./helpers";

let claude: ModelServer;
let local: OpenAIServer;
let dir: string;
beforeEach(async () => {
  [claude, local] = await Promise.all([startModelServer(), startOpenAIServer()]);
  dir = makeTempDir();
});
afterEach(async () => {
  await Promise.all([claude.close(), local.close()]);
  removeDir(dir);
});

const lookup: Tool = { name: "lookup", description: "Looks a word up.", inputSchema: { type: "object", properties: { word: { type: "string" } } }, run: (input: { word: string }) => `${input.word}: found` };

it("Claude with thinking and tools, then an OpenAI-compatible model, then Claude again: each request valid for its provider", async () => {
  const store = new FileStore(`${dir}/runs`);
  const onClaude = new Agent({ model: "claude-sonnet-4-6", client: clientFor(claude), store, tools: [lookup] });
  const onLocal = new Agent({ model: "llama3.2:3b", provider: new OpenAICompatibleProvider({ baseURL: local.url, maxRetries: 0 }), store, tools: [lookup] });

  claude.script({ thinking: "I should look it up.", toolUses: [{ id: "toolu_1", name: "lookup", input: { word: "alpine" } }] }, { thinking: "Got it.", text: "Alpine: found." });
  const state = new State("Look up alpine", { id: "switching", thinking: { budgetTokens: 2048 } });
  expect(await onClaude.run(state)).toBe("Alpine: found.");

  state.addUserMessage("Now look up glacier.");
  local.script({ toolUses: [{ id: "call_2", name: "lookup", input: { word: "glacier" } }] }, { text: "Glacier: found." });
  expect(await onLocal.run(state)).toBe("Glacier: found.");
  expect(local.requests).toHaveLength(2); // none refused
  const sent = JSON.stringify(local.requests.map((r) => r.body));
  expect(sent).not.toContain("I should look it up."); // Claude's thinking stays with Claude
  expect(sent).not.toContain("signature");
  expect(local.requests[0].body.messages.slice(0, 4)).toEqual([
    { role: "user", content: [{ type: "text", text: "Look up alpine" }] },
    { role: "assistant", content: null, tool_calls: [{ id: "toolu_1", type: "function", function: { name: "lookup", arguments: '{"word":"alpine"}' } }] },
    { role: "tool", tool_call_id: "toolu_1", content: "alpine: found" },
    { role: "assistant", content: "Alpine: found." },
  ]);

  // Resumed from the store, as after a relaunch.
  const loaded = await store.load("switching");
  loaded.addUserMessage("And moraine?");
  claude.script({ thinking: "Once more.", toolUses: [{ id: "toolu_3", name: "lookup", input: { word: "moraine" } }] }, { text: "Moraine: found." });
  expect(await onClaude.run(loaded)).toBe("Moraine: found.");
  expect(claude.requests).toHaveLength(4); // none refused
  const back = claude.requests[2].body;
  expect(back.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
  expect(back.messages[1].content[0]).toMatchObject({ type: "thinking", thinking: "I should look it up." }); // signed, sent back to Claude
  expect(back.messages[5].content.map((b: { type: string }) => b.type)).toEqual(["tool_use"]); // the other model's call, no thinking

  const history = (await store.load("switching")).history;
  expect(history.filter((e) => e.kind === "assistant").map((e) => e.kind === "assistant" && e.model)).toEqual(["claude-sonnet-4-6", "claude-sonnet-4-6", "llama3.2:3b", "llama3.2:3b", "claude-sonnet-4-6", "claude-sonnet-4-6"]);
});
