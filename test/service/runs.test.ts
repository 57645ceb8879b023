/**
 * Runs through the service, as the window makes them: start, send, stop, answer an ask,
 * continue; one run per conversation, several conversations at once; step events on the
 * one event stream.
 */
import { describe, expect, it } from "vitest";
import type { ConversationView } from "../../src/shared/view-types";
import { sentMessages } from "../support/model-server";
import { useServiceFixture, type ServiceFixture } from "./helpers";

const services = useServiceFixture();
let fixture: ServiceFixture;

const runEnd = (f: ServiceFixture, id: string, after = 0) => f.log.step(id, "run_end", after);

describe("runs", () => {
  it("starts a conversation: the reply streams as events, the conversation is listed and its view has every entry", async () => {
    fixture = await services.open();
    fixture.model.script({ text: "Hello from the model", chunks: 4 });
    const { id } = await fixture.call<{ id: string }>("runs:start", { text: "Say hello" });
    const end = await runEnd(fixture, id);
    expect(end.stoppedBy).toBe("end_turn");
    expect(end.error).toBeNull();
    const deltas = fixture.log.steps(id, "text_delta").map((e) => e.text);
    expect(deltas.length).toBe(4);
    expect(deltas.join("")).toBe("Hello from the model");

    const list = await fixture.call("conversations:list", {});
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id, title: "Say hello", task: "Say hello", stoppedBy: "end_turn", running: false });

    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.entries.map((e) => [e.kind, e.text])).toEqual([
      ["user", "Say hello"],
      ["assistant", "Hello from the model"],
    ]);
    expect(view.interruption).toBeNull();
    expect(view.pendingAsk).toBeNull();
    expect(view.loadError).toBeNull();
    // The running flag went on and off through conversation_changed events.
    const changes = fixture.log.events.filter((e) => e.type === "conversation_changed" && e.summary.id === id);
    expect(changes.map((e) => (e as { summary: { running: boolean } }).summary.running)).toEqual([true, false]);
  });

  it("sends a message to a conversation: the model gets the whole conversation", async () => {
    fixture = await services.open();
    fixture.model.script({ text: "First answer" }, { text: "Second answer" });
    const { id } = await fixture.call("runs:start", { text: "One" });
    await runEnd(fixture, id);
    const mark = fixture.log.count;
    await fixture.call("runs:send", { id, text: "Two" });
    expect((await runEnd(fixture, id, mark)).stoppedBy).toBe("end_turn");
    const [, second] = await fixture.model.waitForRequests(2);
    expect(second.body.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(JSON.stringify(second.body.messages[2].content)).toContain("Two");
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.entries.map((e) => e.text)).toEqual(["One", "First answer", "Two", "Second answer"]);
  });

  it("allows one run per conversation, and several conversations running at once", async () => {
    fixture = await services.open();
    fixture.model.script({ hang: true, text: "Thinking" }, { hang: true, text: "Thinking too" });
    const a = await fixture.call("runs:start", { text: "First" });
    const b = await fixture.call("runs:start", { text: "Second" });
    await fixture.model.waitForRequests(2);

    const second = await fixture.request("runs:send", { id: a.id, text: "again" });
    expect(second).toMatchObject({ ok: false, error: { name: "RunInProgressError" } });
    expect((second as { error: { message: string } }).error.message).toMatch(/Wait for the reply, or press Stop/);
    const again = await fixture.request("runs:continue", { id: a.id });
    expect(again).toMatchObject({ ok: false, error: { name: "RunInProgressError" } });

    const list = await fixture.call("conversations:list", {});
    expect(list.items.filter((s: { running: boolean }) => s.running).map((s: { id: string }) => s.id).sort()).toEqual([a.id, b.id].sort());
    // The live view shows what streamed so far.
    await fixture.log.step(a.id, "text_delta");
    const live = await fixture.call<ConversationView>("conversations:get", { id: a.id });
    expect(live.summary.running).toBe(true);
    expect(live.interruption).toBeNull();

    await fixture.call("runs:stop", { id: a.id });
    await fixture.call("runs:stop", { id: b.id });
    expect((await runEnd(fixture, a.id)).stoppedBy).toBe("aborted");
    expect((await runEnd(fixture, b.id)).stoppedBy).toBe("aborted");
  });

  it("stops a run: the State is saved as aborted and the view offers Continue, which finishes it", async () => {
    fixture = await services.open();
    fixture.model.script({ hang: true, text: "Half a rep" });
    const { id } = await fixture.call("runs:start", { text: "Long task" });
    await fixture.log.step(id, "text_delta");
    await fixture.call("runs:stop", { id });
    // runs:stop resolves after the run has saved.
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.summary).toMatchObject({ stoppedBy: "aborted", running: false });
    expect(view.interruption).toMatchObject({ kind: "aborted" });
    expect(view.interruption!.detail).toMatch(/Stop was pressed/);
    expect(view.entries.at(-1)).toMatchObject({ kind: "error", name: "StoppedByPersonError" });
    expect((await runEnd(fixture, id)).error).toMatchObject({ name: "StoppedByPersonError" });

    fixture.model.script({ text: "Done now" });
    const mark = fixture.log.count;
    await fixture.call("runs:continue", { id });
    expect((await runEnd(fixture, id, mark)).stoppedBy).toBe("end_turn");
    const after = await fixture.call<ConversationView>("conversations:get", { id });
    expect(after.interruption).toBeNull();
    expect(after.entries.at(-1)).toMatchObject({ kind: "assistant", text: "Done now" });
  });

  it("Stop keeps the words already streamed, saved and marked partial; the next message is a new user turn after them", async () => {
    fixture = await services.open();
    fixture.model.script({ hang: true, text: "Once upon a time, in a quiet valley" });
    const { id } = await fixture.call("runs:start", { text: "Write me a long story" });
    await fixture.log.step(id, "text_delta");
    await fixture.call("runs:stop", { id });
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.entries.map((e) => e.kind)).toEqual(["user", "assistant", "error"]);
    expect(view.entries[1]).toMatchObject({ partial: true, text: "Once upon a time, in a quiet valley" });
    expect(view.interruption).toMatchObject({ kind: "aborted" });

    fixture.model.script({ text: "A fox lived there." });
    const mark = fixture.log.count;
    await fixture.call("runs:send", { id, text: "Make it about a fox" });
    expect((await runEnd(fixture, id, mark)).stoppedBy).toBe("end_turn");
    const [, second] = await fixture.model.waitForRequests(2);
    expect(sentMessages(second)).toEqual([
      { role: "user", content: [{ type: "text", text: "Write me a long story" }] },
      { role: "assistant", content: [{ type: "text", text: "Once upon a time, in a quiet valley" }] },
      { role: "user", content: [{ type: "text", text: "Make it about a fox" }] },
    ]);
  });

  it("stopping a conversation that is not running does nothing; continuing one that ended by itself is refused", async () => {
    fixture = await services.open();
    fixture.model.script({ text: "Fine" });
    const { id } = await fixture.call("runs:start", { text: "Hi" });
    await runEnd(fixture, id);
    expect(await fixture.request("runs:stop", { id })).toEqual({ ok: true, value: { ok: true } });
    expect(await fixture.request("runs:continue", { id })).toMatchObject({ ok: false, error: { name: "NothingToContinueError" } });
    expect(await fixture.request("runs:answer", { id, answer: "yes" })).toMatchObject({ ok: false, error: { name: "NoPendingQuestionError" } });
    expect(await fixture.request("runs:send", { id: "no-such-conversation", text: "hi" })).toMatchObject({
      ok: false,
      error: { name: "ConversationNotFoundError" },
    });
  });

  it("answers an ask: the run stops with the question and its choices, the answer continues it", async () => {
    fixture = await services.open();
    fixture.model.script(
      { toolUses: [{ id: "toolu_ask1", name: "ask", input: { question: "Which colour?", choices: ["Red", "Blue"] } }] },
      { text: "Blue it is" },
    );
    const { id } = await fixture.call("runs:start", { text: "Paint it" });
    expect((await runEnd(fixture, id)).stoppedBy).toBe("ask");
    const asked = await fixture.call<ConversationView>("conversations:get", { id });
    expect(asked.pendingAsk).toEqual({ callId: "toolu_ask1", question: "Which colour?", choices: ["Red", "Blue"] });
    expect(asked.interruption).toBeNull();

    const mark = fixture.log.count;
    await fixture.call("runs:answer", { id, answer: "Blue" });
    expect((await runEnd(fixture, id, mark)).stoppedBy).toBe("end_turn");
    const [, second] = await fixture.model.waitForRequests(2);
    const results = second.body.messages.at(-1).content.filter((b: { type: string }) => b.type === "tool_result");
    expect(results).toEqual([expect.objectContaining({ tool_use_id: "toolu_ask1", content: "Blue" })]);
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.pendingAsk).toBeNull();
  });

  it("step events reach the window as plain JSON, with tool calls and their results", async () => {
    fixture = await services.open();
    fixture.model.script({ toolUses: [{ id: "toolu_clock", name: "current_time", input: {} }] }, { text: "It is now." });
    const { id } = await fixture.call("runs:start", { text: "What time is it?" });
    await runEnd(fixture, id);
    const start = fixture.log.steps(id, "tool_start")[0];
    const end = fixture.log.steps(id, "tool_end")[0];
    expect(start).toMatchObject({ callId: "toolu_clock", name: "current_time" });
    expect(end).toMatchObject({ callId: "toolu_clock", status: "done" });
    expect(JSON.parse(end.text)).toHaveProperty("iso");
    for (const entry of fixture.log.steps(id, "entry")) expect(entry.entry.error).toBeNull();
  });
});
