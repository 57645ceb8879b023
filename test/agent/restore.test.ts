/**
 * Loading continues from the last steps that were saved. Entries written after the last
 * snapshot are replayed when they are plain steps; when they hold a compaction, which
 * cannot be replayed, the State continues from the last complete save with a notice
 * naming the tool calls that may or may not have run. history keeps every entry.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { Agent, SchemaTooNewError, State, StateNotFoundError, StoreCorruptError, type Tool } from "../../src/main/agent";
import { sentMessages, startModelServer, type ModelServer } from "../support/model-server";
import { MODEL, RecordingStore, clientFor, rejectionOf } from "./helpers";

let server: ModelServer;
beforeEach(async () => {
  server = await startModelServer();
});
afterEach(async () => {
  await server.close();
});

const tools: Tool[] = [
  { name: "send_email", description: "Sends an email.", inputSchema: { type: "object" }, run: () => "sent" },
  { name: "charge_card", description: "Charges a card.", inputSchema: { type: "object" }, run: () => "x".repeat(3000) },
];

it("a store that failed halfway around a compaction: continue from the last complete save, with a notice naming the calls", async () => {
  const store = new RecordingStore();
  server.script(
    { toolUses: [{ id: "call_mail", name: "send_email", input: { to: "a@b.c" } }, { id: "call_card", name: "charge_card", input: { cents: 500 } }] },
    { text: "Summary: an email was sent and a card charged." },
    { text: "All done." },
  );
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools, contextBudget: 600 });
  const state = new State("Pay and tell", { id: "halfway" });
  await agent.run(state, {
    onEvent: (e) => {
      if (e.type === "think_start" && e.step === 1) store.loseSnapshots = true; // from here on, snapshots are lost
    },
  });
  expect(state.history.map((e) => e.kind)).toEqual(["user", "assistant", "tool_result", "tool_result", "compaction", "assistant"]);

  const loaded = await store.load("halfway");
  // history still has every saved entry, plus the notice
  expect(loaded.history.map((e) => e.kind)).toEqual(["user", "assistant", "tool_result", "tool_result", "compaction", "assistant", "notice"]);
  expect(loaded.excluded).toEqual([[1, 5]]);
  const notice = loaded.history[6];
  expect(notice.kind === "notice" && notice.calls).toEqual([
    { id: "call_mail", name: "send_email" },
    { id: "call_card", name: "charge_card" },
  ]);
  expect(notice.text).toBe(
    "The steps after seq 0 were not completely saved and are left out of this conversation. " +
      "These tool calls may or may not have run: send_email (call call_mail), charge_card (call call_card). " +
      "Check whether they took effect before relying on them or running them again.",
  );
  expect(loaded.stoppedBy).toBeNull();

  // The next run sends the context of the last complete save, plus the notice.
  store.loseSnapshots = false;
  server.script({ text: "I will check the email and the charge." });
  await agent.run(loaded);
  expect(sentMessages(server.requests[3])).toEqual([
    {
      role: "user",
      content: [
        { type: "text", text: "Pay and tell" },
        { type: "text", text: `(notice: ${notice.text})` },
      ],
    },
  ]);
  // Saved: loading again gives the same excluded range and no second notice.
  const again = await store.load("halfway");
  expect(again.excluded).toEqual([[1, 5]]);
  expect(again.history.filter((e) => e.kind === "notice")).toHaveLength(1);
});

it("entries saved after the last snapshot that hold no compaction are replayed", async () => {
  const store = new RecordingStore();
  server.script({ toolUses: [{ id: "m1", name: "send_email", input: {} }] }, { text: "Sent it." });
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools });
  const state = new State("Send it", { id: "replay" });
  await agent.run(state, {
    onEvent: (e) => {
      if (e.type === "think_start" && e.step === 1) store.loseSnapshots = true;
    },
  });
  const loaded = await store.load("replay");
  expect(loaded.history.map((e) => e.kind)).toEqual(["user", "assistant", "tool_result", "assistant"]);
  expect(loaded.excluded).toEqual([]);
  expect(loaded.stoppedBy).toBeNull();
  store.loseSnapshots = false;
  loaded.addUserMessage("Thanks");
  server.script({ text: "You're welcome." });
  await agent.run(loaded);
  expect(sentMessages(server.requests[2]).map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
});

it("refuses a missing State, a snapshot of an unknown version, and a broken history with clear errors", async () => {
  const store = new RecordingStore();
  await expect(store.load("nobody")).rejects.toBeInstanceOf(StateNotFoundError);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store });
  await agent.save(new State("x", { id: "future" }));
  store.stored("future")!.snapshot!.version = 7 as 1;
  const tooNew = await rejectionOf(store.load("future"));
  expect(tooNew).toBeInstanceOf(SchemaTooNewError);
  expect(tooNew.message).toContain("schema version 7");
  store.stored("future")!.snapshot!.version = 1;
  store.stored("future")!.entries[0].seq = 3;
  await expect(store.load("future")).rejects.toBeInstanceOf(StoreCorruptError);
});
