/**
 * A tool that asks the person first (`askPerson`): the run stops with "ask" and the
 * question, like the built-in ask, while the turn's other calls finish and are saved. The
 * person's answer is durable, and the next run gives it to the same call, run again,
 * before any model request; what the tool returns then is the call's result. An abort
 * during that run closes the call as aborted, and a failed save before it leaves it unrun.
 */
import { expect, it } from "vitest";
import { Agent, FileStore, State, type StepEvent, type Tool, askPerson } from "../../src/main/agent";
import { sentMessages, type ModelServer } from "../support/model-server";
import { EventLog, MODEL, RecordingStore, clientFor, rejectionOf, useModelServerAndTempDir } from "./helpers";

let server: ModelServer;
let dir: string;
useModelServerAndTempDir((started, folder) => {
  server = started;
  dir = folder;
});

const QUESTION = "Send the email to ada@example.com?";

/** send_email asks first; every run of it is recorded with the answer it got. */
function emailTools(runs: { callId: string; answer: string | undefined }[], onAnswered?: (signal: AbortSignal) => Promise<unknown>): Tool[] {
  return [
    {
      name: "send_email",
      description: "Sends an email, once the person allows it.",
      inputSchema: { type: "object", properties: { to: { type: "string" } } },
      run: (input: { to: string }, { callId, answer, signal }) => {
        runs.push({ callId, answer });
        if (answer === undefined) return askPerson({ question: `Send the email to ${input.to}?`, choices: ["Send", "Cancel"] });
        if (onAnswered) return onAnswered(signal);
        return answer === "Send" ? `Sent to ${input.to}.` : `Not sent: the person answered "${answer}".`;
      },
    },
    { name: "note", description: "Returns at once.", inputSchema: { type: "object" }, run: () => "noted" },
  ];
}

const askingTurn = {
  toolUses: [
    { id: "call_mail", name: "send_email", input: { to: "ada@example.com" } },
    { id: "call_note", name: "note", input: {} },
  ],
};

it("stops the run with 'ask' and the tool's question; the sibling ran and its result was saved", async () => {
  const runs: { callId: string; answer: string | undefined }[] = [];
  const store = new FileStore(dir);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: emailTools(runs) });
  server.script(askingTurn);
  const state = new State("Email Ada", { id: "asks" });
  const log = new EventLog();
  expect(await agent.run(state, { onEvent: log.onEvent })).toBe(QUESTION);
  expect(state.stoppedBy).toBe("ask");
  expect(state.pendingAsk).toEqual({ callId: "call_mail", question: QUESTION, choices: ["Send", "Cancel"], tool: "send_email", digest: expect.any(String), seal: expect.any(String) });
  expect(log.ofType("run_end").at(-1)).toMatchObject({ stoppedBy: "ask", error: null });
  expect(runs).toEqual([{ callId: "call_mail", answer: undefined }]);
  // The sibling's result is there; the asking call has none yet.
  const results = state.history.filter((e) => e.kind === "tool_result");
  expect(results).toEqual([expect.objectContaining({ callId: "call_note", status: "done", text: "noted" })]);
  expect(log.ofType("tool_end").map((e) => e.callId)).toEqual(["call_note"]);

  const loaded = await store.load("asks");
  expect(loaded.stoppedBy).toBe("ask");
  expect(loaded.pendingAsk).toEqual(state.pendingAsk);
  expect(loaded.history.map((e) => e.kind)).toEqual(["user", "assistant", "tool_result"]);
  // Running again before the answer asks again, without a model request or a tool run.
  expect(await agent.run(loaded)).toBe(QUESTION);
  expect(server.requests).toHaveLength(1);
  expect(runs).toHaveLength(1);
});

it("the answer is saved, and the next run runs the call again with it before the next model request", async () => {
  const runs: { callId: string; answer: string | undefined }[] = [];
  const store = new FileStore(dir);
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: emailTools(runs) });
  server.script(askingTurn, { text: "The email is on its way." });
  const state = new State("Email Ada", { id: "answered" });
  await agent.run(state);

  const answer = state.addUserMessage("Send");
  expect(answer).toMatchObject({ kind: "user", text: "Send", answersCallId: "call_mail", answersTool: "send_email" });
  expect(state.pendingAsk).toBeNull();
  expect(state.answeredAsk).toEqual({ callId: "call_mail", tool: "send_email", question: QUESTION, choices: ["Send", "Cancel"], answer: "Send", digest: expect.any(String), seal: expect.any(String) });
  await agent.save(state);
  const loaded = await store.load("answered");
  expect(loaded.answeredAsk).toEqual(state.answeredAsk);
  expect(loaded.history.filter((e) => e.kind === "tool_result")).toHaveLength(1); // still open, not unknown

  const log = new EventLog();
  const events: StepEvent["type"][] = [];
  expect(await agent.run(loaded, { onEvent: (e) => (events.push(e.type), log.onEvent(e)) })).toBe("The email is on its way.");
  expect(runs).toEqual([
    { callId: "call_mail", answer: undefined },
    { callId: "call_mail", answer: "Send" },
  ]);
  // The call ran (after its answer was cleared and saved) before the model was asked anything.
  const points = log.ofType("save").map((e) => e.point);
  expect(points.slice(0, 3)).toEqual(["run_start", "before_answered_call", "tool_result"]);
  expect(events.indexOf("tool_end")).toBeLessThan(events.indexOf("think_start"));
  expect(log.ofType("tool_end")).toEqual([expect.objectContaining({ callId: "call_mail", status: "done", text: "Sent to ada@example.com." })]);

  // The first request after the answer carries the tool's result; the bare answer is not sent as a message.
  expect(server.requests).toHaveLength(2);
  const last = sentMessages(server.requests[1]).at(-1);
  expect(last).toEqual({
    role: "user",
    content: [
      { type: "tool_result", tool_use_id: "call_note", content: "noted" },
      { type: "tool_result", tool_use_id: "call_mail", content: "Sent to ada@example.com." },
    ],
  });
  expect(loaded.answeredAsk).toBeNull();
  const saved = await store.load("answered");
  expect(saved.answeredAsk).toBeNull();
  expect(saved.history.map((e) => e.kind)).toEqual(["user", "assistant", "tool_result", "user", "tool_result", "assistant"]);
  expect(saved.stoppedBy).toBe("end_turn");
});

it("a tool may ask again with the answer it got; any answer is given to it", async () => {
  const asked: (string | undefined)[] = [];
  const tool: Tool = {
    name: "delete_file",
    description: "Deletes a file after two confirmations.",
    inputSchema: { type: "object" },
    run: (_input, { answer }) => {
      asked.push(answer);
      if (answer === undefined) return askPerson({ question: "Delete report.txt?" });
      if (answer === "yes") return askPerson({ question: "Really delete report.txt? It cannot be undone.", choices: ["Delete", "Keep"] });
      return `The person answered "${answer}"; nothing was deleted.`;
    },
  };
  const agent = new Agent({ model: MODEL, client: clientFor(server), store: new FileStore(dir), tools: [tool] });
  server.script({ toolUses: [{ id: "call_del", name: "delete_file", input: {} }] }, { text: "Kept it." });
  const state = new State("Delete the report");
  expect(await agent.run(state)).toBe("Delete report.txt?");
  state.addUserMessage("yes");
  expect(await agent.run(state)).toBe("Really delete report.txt? It cannot be undone.");
  expect(state.pendingAsk).toMatchObject({ callId: "call_del", tool: "delete_file", choices: ["Delete", "Keep"] });
  expect(server.requests).toHaveLength(1);
  state.addUserMessage("Actually, keep it");
  expect(await agent.run(state)).toBe("Kept it.");
  expect(asked).toEqual([undefined, "yes", "Actually, keep it"]);
  expect(JSON.stringify(sentMessages(server.requests[1]).at(-1).content)).toContain('answered \\"Actually, keep it\\"');
});

it("asks one question at a time: of two asking calls, the first in the turn asks; the other is told to ask again", async () => {
  const runs: { callId: string; answer: string | undefined }[] = [];
  const agent = new Agent({ model: MODEL, client: clientFor(server), store: new FileStore(dir), tools: emailTools(runs) });
  server.script(
    {
      toolUses: [
        { id: "call_ada", name: "send_email", input: { to: "ada@example.com" } },
        { id: "call_bob", name: "send_email", input: { to: "bob@example.com" } },
      ],
    },
    { text: "Ada has it; I will ask about Bob next." },
  );
  const state = new State("Email Ada and Bob");
  expect(await agent.run(state)).toBe(QUESTION);
  expect(state.pendingAsk?.callId).toBe("call_ada");
  const bob = state.history.find((e) => e.kind === "tool_result" && e.callId === "call_bob");
  expect(bob).toMatchObject({ status: "error" });
  expect(bob?.text).toMatch(/one question at a time.*Call send_email again once that question is answered/);
  state.addUserMessage("Send");
  await agent.run(state);
  expect(runs.map((r) => `${r.callId}:${r.answer}`)).toEqual(["call_ada:undefined", "call_bob:undefined", "call_ada:Send"]);
});

it("an abort during the run with the answer closes the call as aborted; it is not run again", async () => {
  const runs: { callId: string; answer: string | undefined }[] = [];
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const store = new FileStore(dir);
  // Ignores the signal: the abort must not wait for it.
  const agent = new Agent({
    model: MODEL,
    client: clientFor(server),
    store,
    tools: emailTools(runs, () => (started(), new Promise(() => undefined))),
  });
  server.script(askingTurn);
  const state = new State("Email Ada", { id: "aborted-rerun" });
  await agent.run(state);
  state.addUserMessage("Send");
  const controller = new AbortController();
  const run = agent.run(state, { signal: controller.signal });
  await running;
  controller.abort();
  const error = await rejectionOf(run);
  expect(error.name).toBe("AbortError");
  expect(state.stoppedBy).toBe("aborted");
  const loaded = await store.load("aborted-rerun");
  expect(loaded.history.find((e) => e.kind === "tool_result" && e.callId === "call_mail")).toMatchObject({
    status: "aborted",
    text: "(aborted: AbortError)",
  });
  expect(loaded.answeredAsk).toBeNull();
  expect(loaded.pendingAsk).toBeNull();

  server.script({ text: "The send was interrupted; shall I check the outbox?" });
  await agent.run(loaded);
  expect(runs).toHaveLength(2);
  expect(server.requests).toHaveLength(2);
});

it("an abort before the call runs again, or a failed save just before it, keeps the answer for the next run", async () => {
  const runs: { callId: string; answer: string | undefined }[] = [];
  const store = new RecordingStore();
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: emailTools(runs) });
  server.script(askingTurn);
  const state = new State("Email Ada", { id: "kept-answer" });
  await agent.run(state);
  state.addUserMessage("Send");

  const controller = new AbortController();
  controller.abort();
  await rejectionOf(agent.run(state, { signal: controller.signal }));
  expect(state.stoppedBy).toBe("aborted");
  expect(state.answeredAsk).toMatchObject({ callId: "call_mail", answer: "Send" });
  expect(state.history.some((e) => e.kind === "tool_result" && e.callId === "call_mail")).toBe(false);

  // The save that marks the call as running again fails: the call is not run.
  store.failWhen((write) => (write.snapshot && !write.snapshot.answeredAsk ? new Error("disk full") : null));
  const failed = await rejectionOf(agent.run(state));
  expect(failed.message).toBe("disk full");
  expect(runs).toHaveLength(1);
  expect(state.answeredAsk).toMatchObject({ answer: "Send" });
  expect(state.history.some((e) => e.kind === "tool_result" && e.callId === "call_mail")).toBe(false);
  expect((await store.load("kept-answer")).answeredAsk).toMatchObject({ answer: "Send" });

  store.failWhen(null);
  server.script({ text: "Sent." });
  expect(await agent.run(state)).toBe("Sent.");
  expect(runs.map((r) => r.answer)).toEqual([undefined, "Send"]);
  // With no answered question left, the snapshot is shaped as before this field existed.
  expect(Object.keys(store.stored("kept-answer")!.snapshot!)).not.toContain("answeredAsk");
  expect(store.writes.some((w) => w.snapshot?.answeredAsk?.answer === "Send")).toBe(true);
});

it("an answer saved without the snapshot after it (a save stopped halfway) is asked again after loading: its seal was never saved", async () => {
  const runs: { callId: string; answer: string | undefined }[] = [];
  const store = new RecordingStore();
  const agent = new Agent({ model: MODEL, client: clientFor(server), store, tools: emailTools(runs) });
  server.script(askingTurn);
  const state = new State("Email Ada", { id: "torn-answer" });
  await agent.run(state);
  state.addUserMessage("Send");
  store.tearNext();
  await rejectionOf(agent.save(state));
  expect(store.stored("torn-answer")!.snapshot!.pendingAsk).not.toBeNull(); // the answer's entry landed, its snapshot did not

  const loaded = await store.load("torn-answer");
  expect(loaded.pendingAsk).toBeNull();
  expect(loaded.answeredAsk).toMatchObject({ callId: "call_mail", tool: "send_email", answer: "Send" });
  expect(loaded.answeredAsk?.seal).toBeUndefined();
  expect(loaded.history.some((e) => e.kind === "tool_result" && e.status === "unknown")).toBe(false);
  // Nothing proves the answer was given here: the call asks again, without a model request.
  expect(await agent.run(loaded)).toBe(QUESTION);
  expect(runs.map((r) => r.answer)).toEqual([undefined, undefined]);
  expect(server.requests).toHaveLength(1);
  loaded.addUserMessage("Send");
  server.script({ text: "Sent." });
  expect(await agent.run(loaded)).toBe("Sent.");
  expect(runs.map((r) => r.answer)).toEqual([undefined, undefined, "Send"]);
});

it("askPerson refuses an empty question or choices that are not strings", () => {
  expect(() => askPerson({ question: " " })).toThrow(TypeError);
  expect(() => askPerson({ question: "Go?", choices: [1 as unknown as string] })).toThrow(/choices/);
});
