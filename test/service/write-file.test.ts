/**
 * write_file asks the person first, through the ask mechanism: the run stops with
 * stoppedBy "ask" and the view shows the question with Allow / Deny; the answer runs the
 * call again (before the next model request): Allow writes the file, anything else does
 * not and the model is told. The question outlives a restart of the service.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationView } from "../../src/shared/view-types";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";
import { withoutCacheControl } from "../support/model-server";

let fixture: ServiceFixture;
let folder: string;
afterEach(async () => {
  await fixture?.close();
  removeDir(folder);
});

async function withFolder(): Promise<void> {
  folder = makeTempDir();
  fixture = await openService();
  await fixture.call("settings:set", { folder });
}

/** Starts a run whose model asks to write `notes.txt`; resolves once that run has ended with the question. */
async function askToWrite(): Promise<{ id: string; view: ConversationView }> {
  fixture.model.script(
    { toolUses: [{ id: "toolu_write", name: "write_file", input: { path: "notes.txt", content: "hello file" } }] },
    { text: "All done." },
  );
  const { id } = await fixture.call("runs:start", { text: "Write my notes" });
  expect((await fixture.log.step(id, "run_end")).stoppedBy).toBe("ask");
  return { id, view: await fixture.call<ConversationView>("conversations:get", { id }) };
}

/** The step events of conversation `id` after the first `mark` app events, as their types. */
function stepTypesAfter(id: string, mark: number): string[] {
  return fixture.log.events
    .slice(mark)
    .flatMap((e) => (e.type === "step" && e.conversationId === id ? [e.event.type] : []));
}

describe("write_file", () => {
  it("stops the run with the question and Allow / Deny; Allow runs the call again, writes the file and tells the model", async () => {
    await withFolder();
    const { id, view } = await askToWrite();
    expect(view.pendingAsk).toEqual({ callId: "toolu_write", question: expect.stringMatching(/create the file "notes.txt" \(10 bytes\)/), choices: ["Allow", "Deny"] });
    expect(view.summary).toMatchObject({ running: false, stoppedBy: "ask" });
    expect(view.interruption).toBeNull();
    expect(view.entries.some((e) => e.kind === "tool_result")).toBe(false); // the call waits, it has no result
    expect(fs.existsSync(path.join(folder, "notes.txt"))).toBe(false);
    expect(fixture.model.requests).toHaveLength(1);

    const mark = fixture.log.count;
    await fixture.call("runs:answer", { id, answer: "Allow" });
    expect((await fixture.log.step(id, "run_end", mark)).stoppedBy).toBe("end_turn");
    expect(fs.readFileSync(path.join(folder, "notes.txt"), "utf8")).toBe("hello file");
    // The call ran again, with the answer, before the model was asked anything.
    const steps = stepTypesAfter(id, mark);
    expect(steps.indexOf("tool_end")).toBeGreaterThan(-1);
    expect(steps.indexOf("tool_end")).toBeLessThan(steps.indexOf("think_start"));
    const result = fixture.log.steps(id, "tool_end")[0];
    expect(result).toMatchObject({ callId: "toolu_write", status: "done" });
    expect(result.text).toBe('The person allowed the write: "notes.txt" now has 10 bytes.');
    const [, second] = await fixture.model.waitForRequests(2);
    expect(withoutCacheControl(second.body.messages.at(-1).content)).toEqual([{ type: "tool_result", tool_use_id: "toolu_write", content: result.text }]);

    const after = await fixture.call<ConversationView>("conversations:get", { id });
    expect(after.pendingAsk).toBeNull();
    expect(after.entries.map((e) => e.kind)).toEqual(["user", "assistant", "user", "tool_result", "assistant"]);
    expect(after.entries[2]).toMatchObject({ text: "Allow", answersCallId: "toolu_write", answersTool: "write_file" });
  });

  it("on Deny writes nothing and tells the model it was denied", async () => {
    await withFolder();
    const { id } = await askToWrite();
    const mark = fixture.log.count;
    await fixture.call("runs:answer", { id, answer: "Deny" });
    expect((await fixture.log.step(id, "run_end", mark)).stoppedBy).toBe("end_turn");
    expect(fs.existsSync(path.join(folder, "notes.txt"))).toBe(false);
    const denied = 'The person denied this write, so "notes.txt" was not written. Do not try it again unless the person asks for it.';
    expect(fixture.log.steps(id, "tool_end")[0]).toMatchObject({ status: "done", text: denied });
    const [, second] = await fixture.model.waitForRequests(2);
    expect(withoutCacheControl(second.body.messages.at(-1).content)).toEqual([{ type: "tool_result", tool_use_id: "toolu_write", content: denied }]);
  });

  it("a typed message answers the question too: anything but Allow writes nothing, and the model reads what was said", async () => {
    await withFolder();
    const { id } = await askToWrite();
    const mark = fixture.log.count;
    await fixture.call("runs:send", { id, text: "Call it todo.txt instead" });
    expect((await fixture.log.step(id, "run_end", mark)).stoppedBy).toBe("end_turn");
    expect(fs.readdirSync(folder)).toEqual([]);
    expect(fixture.log.steps(id, "tool_end")[0].text).toMatch(/^The person denied this write \(their answer: "Call it todo.txt instead"\)/);
    // Answered, the question is gone: a second answer has nothing to answer.
    expect(await fixture.request("runs:answer", { id, answer: "Allow" })).toMatchObject({ ok: false, error: { name: "NoPendingQuestionError" } });
  });

  it("waits through a restart of the service: the question is still there and Allow writes the file once", async () => {
    await withFolder();
    const { id } = await askToWrite();
    await fixture.service.shutdown();

    const again = fixture.reopen();
    try {
      const view = await again.call<ConversationView>("conversations:get", { id });
      expect(view.pendingAsk).toMatchObject({ callId: "toolu_write", choices: ["Allow", "Deny"] });
      expect(view.summary.stoppedBy).toBe("ask");
      expect(view.interruption).toBeNull();
      expect(view.entries.some((e) => e.kind === "tool_result")).toBe(false);
      await again.call("runs:answer", { id, answer: "Allow" });
      expect((await again.log.step(id, "run_end")).stoppedBy).toBe("end_turn");
      expect(fs.readFileSync(path.join(folder, "notes.txt"), "utf8")).toBe("hello file");
      expect(again.log.steps(id, "tool_end")).toEqual([expect.objectContaining({ callId: "toolu_write", status: "done" })]);
      expect(fixture.model.requests).toHaveLength(2);
    } finally {
      await again.close();
    }
  });

  it("asks about one write of a turn at a time; the other is called again later and asked about then", async () => {
    await withFolder();
    fixture.model.script(
      {
        toolUses: [
          { id: "toolu_a", name: "write_file", input: { path: "a.txt", content: "A" } },
          { id: "toolu_b", name: "write_file", input: { path: "b.txt", content: "B" } },
        ],
      },
      { toolUses: [{ id: "toolu_b2", name: "write_file", input: { path: "b.txt", content: "B" } }] },
      { text: "Wrote one of them." },
    );
    const { id } = await fixture.call("runs:start", { text: "Write two files" });
    await fixture.log.step(id, "run_end");
    const first = await fixture.call<ConversationView>("conversations:get", { id });
    expect(first.pendingAsk).toMatchObject({ callId: "toolu_a", question: expect.stringContaining('"a.txt"') });
    expect(first.entries.find((e) => e.kind === "tool_result")).toMatchObject({ callId: "toolu_b", status: "error" });

    let mark = fixture.log.count;
    await fixture.call("runs:answer", { id, answer: "Allow" });
    expect((await fixture.log.step(id, "run_end", mark)).stoppedBy).toBe("ask");
    const second = await fixture.call<ConversationView>("conversations:get", { id });
    expect(second.pendingAsk).toMatchObject({ callId: "toolu_b2", question: expect.stringContaining('"b.txt"') });

    mark = fixture.log.count;
    await fixture.call("runs:answer", { id, answer: "Deny" });
    expect((await fixture.log.step(id, "run_end", mark)).stoppedBy).toBe("end_turn");
    expect(fs.readFileSync(path.join(folder, "a.txt"), "utf8")).toBe("A");
    expect(fs.existsSync(path.join(folder, "b.txt"))).toBe(false);
    const requests = await fixture.model.waitForRequests(3);
    expect(JSON.stringify(withoutCacheControl(requests[1].body.messages.at(-1).content))).toContain("one question at a time");
  });

  it("is refused before asking when the path leaves the folder", async () => {
    await withFolder();
    fixture.model.script(
      { toolUses: [{ id: "toolu_escape", name: "write_file", input: { path: "../escape.txt", content: "x" } }] },
      { text: "I could not." },
    );
    const { id } = await fixture.call("runs:start", { text: "Write outside" });
    expect((await fixture.log.step(id, "run_end")).stoppedBy).toBe("end_turn");
    expect(fixture.log.steps(id, "tool_end")[0]).toMatchObject({ status: "error" });
    expect(fixture.log.steps(id, "tool_end")[0].text).toMatch(/outside the chosen folder/);
    expect(fs.existsSync(path.join(folder, "..", "escape.txt"))).toBe(false);
  });
});
