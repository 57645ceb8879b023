/**
 * A tool may return content blocks (`toolResult`): the model receives them (text and images)
 * in the call's tool_result, the entry keeps them through a save and a load in both stores,
 * and `isError` closes the call as an error.
 */
import { expect, it } from "vitest";
import { Agent, FileStore, SqliteStore, State, type Store, type Tool, toolResult } from "../../src/main/agent";
import { type ModelServer, sentMessages } from "../support/model-server";
import { MODEL, clientFor, useModelServerAndTempDir } from "./helpers";

let server: ModelServer;
let dir: string;
useModelServerAndTempDir((started, folder) => {
  server = started;
  dir = folder;
});

const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

const tools: Tool[] = [
  {
    name: "chart",
    description: "Draws a chart.",
    inputSchema: { type: "object" },
    run: () => toolResult({ text: "A chart [image]", content: [{ type: "text", text: "A chart" }, { type: "image", source: { type: "base64", media_type: "image/png", data: PIXEL } }] }),
  },
  { name: "broken", description: "Fails softly.", inputSchema: { type: "object" }, run: () => toolResult({ text: "No such chart", isError: true }) },
];

for (const [label, open] of [
  ["FileStore", (folder: string): Store => new FileStore(folder)],
  ["SqliteStore", (folder: string): Store => new SqliteStore(`${folder}/alpine.sqlite3`)],
] as const) {
  it(`sends the blocks to the model and keeps them through save and load (${label})`, async () => {
    const store = open(dir);
    const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools });
    server.script({ toolUses: [{ id: "c1", name: "chart", input: {} }, { id: "c2", name: "broken", input: {} }] }, { text: "Done." });
    const state = new State("Chart it", { id: "charts" });
    await agent.run(state);
    const sent = sentMessages(server.requests[1]).at(-1).content;
    expect(sent[0]).toEqual({ type: "tool_result", tool_use_id: "c1", content: [{ type: "text", text: "A chart" }, { type: "image", source: { type: "base64", media_type: "image/png", data: PIXEL } }] });
    expect(sent[1]).toEqual({ type: "tool_result", tool_use_id: "c2", content: "No such chart", is_error: true });
    const loaded = await store.load("charts");
    const results = loaded.history.filter((e) => e.kind === "tool_result");
    expect(results.map((r) => [r.status, r.text])).toEqual([["done", "A chart [image]"], ["error", "No such chart"]]);
    expect(results[0].kind === "tool_result" && results[0].content?.[1]).toMatchObject({ type: "image" });
    (store as { close?: () => void }).close?.();
  });
}

it("refuses blocks the Messages API would not take", () => {
  expect(() => toolResult({ text: "x", content: [{ type: "image", source: { type: "base64", media_type: "image/bmp" as "image/png", data: "" } }] })).toThrow(TypeError);
});
