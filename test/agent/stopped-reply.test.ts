/**
 * A reply stopped while it streams (the run's signal aborted, as the app's Stop does) keeps
 * what had streamed: one assistant entry marked `partial`, saved once, in both stores. The
 * next message reaches the model as a new user turn after that partial turn; only what the
 * API takes back is sent (text, signed thinking; no unfinished thinking, no tool call). A run
 * that goes on with nothing new asks again, and its reply takes the partial turn's place.
 * (A kill mid-reply still keeps nothing: kill-and-signals.test.ts, thinking.test.ts.)
 */
import { expect, it } from "vitest";
import { Agent, FileStore, SqliteStore, State, type Store } from "../../src/main/agent";
import { type ModelServer, sentMessages, signThinking } from "../support/model-server";
import { EventLog, MODEL, clientFor, rejectionOf, useModelServerAndTempDir } from "./helpers";

let server: ModelServer;
let dir: string;
useModelServerAndTempDir((started, folder) => {
  server = started;
  dir = folder;
});

const stores = [
  ["FileStore", (folder: string): Store => new FileStore(`${folder}/runs`)],
  ["SqliteStore", (folder: string): Store => new SqliteStore(`${folder}/alpine.sqlite3`)],
] as const;

class StopPressed extends Error {
  override name = "StopPressed";
}

/** Starts a run of `state` and aborts it once the first text delta has arrived. */
async function stopWhileStreaming(agent: Agent, state: State, wait: "text_delta" | "thinking_delta" = "text_delta"): Promise<EventLog> {
  const controller = new AbortController();
  const log = new EventLog();
  const running = agent.run(state, { signal: controller.signal, onEvent: log.onEvent });
  await log.next(wait);
  controller.abort(new StopPressed("The person pressed Stop."));
  expect((await rejectionOf(running)).name).toBe("StopPressed");
  await server.waitForIdle();
  return log;
}

for (const [label, open] of stores) {
  it(`keeps the streamed words as a partial turn, saved once, and the next message is a new user turn (${label})`, async () => {
    const store = open(dir);
    const agent = new Agent({ model: MODEL, client: clientFor(server), store });
    server.script({ hang: true, text: "Once upon a time, in a quiet valley" });
    const state = new State("Tell me a story", { id: "story" });
    const log = await stopWhileStreaming(agent, state);

    const shown = log.ofType("text_delta").map((e) => e.text).join("");
    expect(shown).toBe("Once upon a time, in a quiet valley");
    const kept = log.ofType("entry").map((e) => e.entry).find((e) => e.kind === "assistant");
    expect(kept).toMatchObject({ kind: "assistant", partial: true, text: shown, content: [{ type: "text", text: shown }] });

    const loaded = await store.load("story");
    expect(loaded.stoppedBy).toBe("aborted");
    expect(loaded.history.map((e) => [e.seq, e.kind])).toEqual([[0, "user"], [1, "assistant"], [2, "error"]]);
    expect(loaded.history[1]).toMatchObject({ partial: true, text: shown, stopReason: null, error: null });
    expect(loaded.history[2]).toMatchObject({ name: "StopPressed" });
    // Each entry was written once: the saves after the run wrote no entry again.
    const saved = log.ofType("save").reduce((n, e) => n + e.entries, 0);
    expect(saved).toBe(3);

    server.script({ text: "The valley was home to a fox." });
    loaded.addUserMessage("Go on, but make it about a fox");
    await agent.save(loaded);
    expect(await agent.run(loaded)).toBe("The valley was home to a fox.");
    expect(sentMessages(server.requests[1])).toEqual([
      { role: "user", content: [{ type: "text", text: "Tell me a story" }] },
      { role: "assistant", content: [{ type: "text", text: shown }] },
      { role: "user", content: [{ type: "text", text: "Go on, but make it about a fox" }] },
    ]);
    const again = await store.load("story");
    expect(again.history.map((e) => e.kind)).toEqual(["user", "assistant", "error", "user", "assistant"]);
    expect(again.history[1]).toMatchObject({ partial: true, text: shown });
    expect(again.history[4]).not.toHaveProperty("partial");
    (store as { close?: () => void }).close?.();
  });
}

it("keeps signed thinking and the text, never an unfinished tool call; the API takes the turn back", async () => {
  const store = new FileStore(`${dir}/runs`);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, maxTokens: 2048 });
  server.script({
    hang: true,
    signedThinking: "The person wants the file listed first.",
    text: "Let me look at your folder.",
    openToolUse: { id: "call_cut", name: "list_files", partialJson: '{"path": "no' },
  });
  const state = new State("What is in my folder?", { id: "tools-cut", thinking: { budgetTokens: 1024 } });
  const controller = new AbortController();
  const log = new EventLog();
  const running = agent.run(state, { signal: controller.signal, onEvent: log.onEvent });
  await log.next("text_delta");
  // The hang's frames are written at once: give the call's unfinished input a moment to arrive too.
  await server.waitForIdle(50).catch(() => undefined);
  controller.abort(new StopPressed("Stop"));
  await rejectionOf(running);

  const loaded = await store.load("tools-cut");
  expect(loaded.history.map((e) => e.kind)).toEqual(["user", "assistant", "error"]); // no result: no call was kept
  const turn = loaded.history[1];
  expect(turn).toMatchObject({
    partial: true,
    content: [
      { type: "thinking", thinking: "The person wants the file listed first.", signature: signThinking("The person wants the file listed first.") },
      { type: "text", text: "Let me look at your folder." },
    ],
  });

  server.script({ text: "Never mind the folder then." });
  loaded.addUserMessage("Never mind");
  await agent.run(loaded);
  const sent = sentMessages(server.requests[1]);
  expect(sent.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user"]);
  expect(sent[1].content.map((b: { type: string }) => b.type)).toEqual(["thinking", "text"]);
  expect(loaded.stoppedBy).toBe("end_turn"); // the server accepted the signed thinking as sent back
});

it("a reply stopped while the model still thinks keeps nothing (unsigned thinking cannot be sent back)", async () => {
  const store = new FileStore(`${dir}/runs`);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store });
  server.script({ hang: true, thinking: "Hmm, where to start" });
  const state = new State("Think hard", { id: "mid-thought", thinking: { budgetTokens: 1024 } });
  await stopWhileStreaming(agent, state, "thinking_delta");
  expect((await store.load("mid-thought")).history.map((e) => e.kind)).toEqual(["user", "error"]);
});

it("going on with nothing new asks again, and the new reply takes the stopped turn's place in the context", async () => {
  const store = new FileStore(`${dir}/runs`);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store });
  server.script({ hang: true, text: "Dear team, this quarter" });
  const state = new State("Draft the update", { id: "asked-again" });
  await stopWhileStreaming(agent, state);

  // Continue: the partial turn is shown, not answered; the model is asked the same again.
  server.script({ text: "Dear team, this quarter we shipped." });
  const loaded = await store.load("asked-again");
  expect(await agent.run(loaded)).toBe("Dear team, this quarter we shipped.");
  expect(sentMessages(server.requests[1])).toEqual([{ role: "user", content: [{ type: "text", text: "Draft the update" }] }]);

  server.script({ text: "Shorter: we shipped." });
  loaded.addUserMessage("Shorter please");
  await agent.run(loaded);
  expect(sentMessages(server.requests[2])).toEqual([
    { role: "user", content: [{ type: "text", text: "Draft the update" }] },
    { role: "assistant", content: [{ type: "text", text: "Dear team, this quarter we shipped." }] },
    { role: "user", content: [{ type: "text", text: "Shorter please" }] },
  ]);
  // A run of a State whose last turn is partial is not "already answered".
  expect((await store.load("asked-again")).history.filter((e) => e.kind === "assistant").map((e) => (e as { partial?: true }).partial ?? false)).toEqual([true, false, false]);
});
