/**
 * Approvals bound to exactly what runs: a question records the digest of its call's (tool,
 * input) and a seal made with the installation's key; the person's answer given here is
 * sealed with it. A call runs with an answer only when that answer holds for its input as
 * stored now; a question that does not hold (another key, an edited input or question, an
 * old snapshot without a seal) is asked again, from the call, before anything runs.
 */
import { cpSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { Agent, ApprovalSealer, FileStore, State, type Tool, askPerson } from "../../src/main/agent";
import type { ModelServer } from "../support/model-server";
import { MODEL, REPO_ROOT, clientFor, useModelServerAndTempDir } from "./helpers";

let server: ModelServer;
let dir: string;
useModelServerAndTempDir((started, folder) => {
  server = started;
  dir = folder;
});

const KEY = "this-installation-key-0123456789";
const OTHER_KEY = "another-machine-key-9876543210ab";

type Run = { to: string; answer: string | undefined; reask: boolean | undefined };

/** send_email asks first (unless `trusted` lets it run without asking, as an MCP tool allowed always). */
function emailTool(runs: Run[], trusted = false): Tool {
  return {
    name: "send_email",
    description: "Sends an email, once the person allows it.",
    inputSchema: { type: "object", properties: { to: { type: "string" } } },
    run: (input: { to: string }, { answer, reask }) => {
      runs.push({ to: input.to, answer, reask });
      if (answer === undefined && (!trusted || reask)) return askPerson({ question: `Send the email to ${input.to}?`, choices: ["Send", "Cancel"] });
      return answer === undefined || answer === "Send" ? `Sent to ${input.to}.` : "Not sent.";
    },
  };
}

const askingTurn = { toolUses: [{ id: "call_mail", name: "send_email", input: { to: "ada@example.com" } }] };

async function askedState(store: FileStore, runs: Run[], id: string): Promise<State> {
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: [emailTool(runs)], approvalKey: KEY });
  server.script(askingTurn);
  const state = new State("Email Ada", { id });
  await agent.run(state);
  return state;
}

/** Rewrites the stored snapshot and the call's input, as an attacker editing a shared file would. */
async function forge(store: FileStore, id: string, change: (snapshot: Record<string, any>, input: Record<string, unknown>) => void): Promise<void> {
  const record = (await store.read(id))!;
  const snapshot = structuredClone(record.snapshot) as Record<string, any>;
  const entries = structuredClone(record.entries) as any[];
  const call = entries.find((e) => e.kind === "assistant").content.find((b: any) => b.type === "tool_use");
  change(snapshot, call.input);
  await store.delete(id);
  await store.write(id, entries, snapshot as any, { create: true });
}

it("an answer given here to exactly the call runs it once, with the answer", async () => {
  const runs: Run[] = [];
  const store = new FileStore(dir);
  const state = await askedState(store, runs, "honest");
  const sealer = new ApprovalSealer(KEY);
  expect(sealer.askHolds(state.pendingAsk!)).toBe(true);
  expect(new ApprovalSealer(OTHER_KEY).askHolds(state.pendingAsk!)).toBe(false);
  const loaded = await store.load("honest");
  loaded.addUserMessage("Send");
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: [emailTool(runs)], approvalKey: KEY });
  await agent.save(loaded);
  expect((await store.read("honest"))!.snapshot!.answeredAsk?.seal).toMatch(/^[0-9a-f]{64}$/);
  server.script({ text: "Sent." });
  expect(await agent.run(await store.load("honest"))).toBe("Sent.");
  expect(runs.map((r) => [r.to, r.answer])).toEqual([["ada@example.com", undefined], ["ada@example.com", "Send"]]);
});

it("a forged answer (no seal, or another key's) never runs the call: it asks again from the real input", async () => {
  for (const seal of [undefined, "f".repeat(64), "other-key"]) {
    const runs: Run[] = [];
    const store = new FileStore(join(dir, `forged-${String(seal).slice(0, 5)}`));
    const state = await askedState(store, runs, "forged");
    await forge(store, "forged", (snapshot, input) => {
      input.to = "mallory@example.com";
      const ask = snapshot.pendingAsk;
      const answered = { ...ask, answer: "Send" };
      if (seal === "other-key") Object.assign(answered, new ApprovalSealer(OTHER_KEY).sealAnswer(new ApprovalSealer(OTHER_KEY).sealAsk(ask, { id: "call_mail", name: "send_email", input }) as any));
      else if (seal) answered.seal = seal;
      else delete answered.seal;
      answered.answer = "Send";
      snapshot.answeredAsk = answered;
      snapshot.pendingAsk = null;
      snapshot.stoppedBy = null;
    });
    expect(state.pendingAsk).not.toBeNull();
    const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: [emailTool(runs)], approvalKey: KEY });
    const loaded = await store.load("forged");
    expect(await agent.run(loaded)).toBe("Send the email to mallory@example.com?");
    expect(runs.slice(1)).toEqual([{ to: "mallory@example.com", answer: undefined, reask: true }]);
    expect(loaded.pendingAsk).toMatchObject({ callId: "call_mail", question: "Send the email to mallory@example.com?" });
    expect(new ApprovalSealer(KEY).askHolds(loaded.pendingAsk!)).toBe(true);
  }
});

it("a question whose call input was changed after it was asked is asked again, not answered", async () => {
  const runs: Run[] = [];
  const store = new FileStore(dir);
  await askedState(store, runs, "swapped");
  // The question still says ada; the call now writes to mallory.
  await forge(store, "swapped", (_snapshot, input) => (input.to = "mallory@example.com"));
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: [emailTool(runs)], approvalKey: KEY });
  const loaded = await store.load("swapped");
  expect(new ApprovalSealer(KEY).askHolds(loaded.pendingAsk!)).toBe(true); // the text was sealed here...
  loaded.addUserMessage("Send"); // ...so the person may answer it, but the answer is not about this input
  expect(await agent.run(loaded)).toBe("Send the email to mallory@example.com?");
  expect(runs.map((r) => r.answer)).toEqual([undefined, undefined]);
  // Continue without answering: the question that holds waits, nothing runs.
  expect(await agent.run(loaded)).toBe("Send the email to mallory@example.com?");
  expect(runs).toHaveLength(2);
});

it("a question edited in the file (its text, not the input) does not hold: Continue asks it again from the call", async () => {
  const runs: Run[] = [];
  const store = new FileStore(dir);
  await askedState(store, runs, "retold");
  await forge(store, "retold", (snapshot) => (snapshot.pendingAsk.question = "Send a birthday card?"));
  const loaded = await store.load("retold");
  expect(new ApprovalSealer(KEY).askHolds(loaded.pendingAsk!)).toBe(false);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: [emailTool(runs)], approvalKey: KEY });
  expect(await agent.run(loaded)).toBe("Send the email to ada@example.com?");
  expect(runs.map((r) => r.reask)).toEqual([undefined, true]);
});

it("asking again makes a tool that may run without asking ask: an imported call never runs on its own", async () => {
  const runs: Run[] = [];
  const store = new FileStore(dir);
  await askedState(store, runs, "trusted");
  await forge(store, "trusted", (snapshot) => delete snapshot.pendingAsk.seal);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: [emailTool(runs, true)], approvalKey: KEY });
  expect(await agent.run(await store.load("trusted"))).toBe("Send the email to ada@example.com?");
  expect(runs.at(-1)).toEqual({ to: "ada@example.com", answer: undefined, reask: true });
});

it("frozen version 2 snapshots: an answered ask without a seal asks again; a pending one is asked again on Continue", async () => {
  const root = join(dir, "v2");
  cpSync(join(REPO_ROOT, "test/fixtures/snapshot-version-2-asks"), root, { recursive: true });
  const runs: Run[] = [];
  const store = new FileStore(root);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: [emailTool(runs)], approvalKey: KEY });
  const answered = await store.load("answered");
  expect(answered.answeredAsk).toMatchObject({ answer: "Send" });
  expect(await agent.run(answered)).toBe("Send the email to ada@example.com?");
  const pending = await store.load("pending");
  expect(await agent.run(pending)).toBe("Send the email to ada@example.com?");
  expect(runs).toEqual([
    { to: "ada@example.com", answer: undefined, reask: true },
    { to: "ada@example.com", answer: undefined, reask: true },
  ]);
  expect(server.requests).toHaveLength(0);
  expect((await store.read("answered"))!.snapshot!.version).toBe(3);
});

it("a built-in ask is sealed too, and a key shorter than 16 bytes is refused", async () => {
  const store = new FileStore(dir);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, approvalKey: KEY });
  server.script({ toolUses: [{ id: "q1", name: "ask", input: { question: "Which city?" } }] });
  const state = new State("Plan", { id: "plain-ask" });
  expect(await agent.run(state)).toBe("Which city?");
  expect(new ApprovalSealer(KEY).askHoldsFor(state.pendingAsk!, { id: "q1", name: "ask", input: { question: "Which city?" } })).toBe(true);
  expect(() => new Agent({ model: MODEL, approvalKey: "short" })).toThrow(RangeError);
});
