/**
 * write_file asks the person first: the view shows the question with Allow / Deny while
 * the call waits; Allow writes the file, Deny does not and the model is told.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationView } from "../../src/shared/view-types";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";

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

/** Starts a run whose model asks to write `notes.txt`, and waits until the question is shown. */
async function askToWrite(): Promise<{ id: string; view: ConversationView }> {
  fixture.model.script(
    { toolUses: [{ id: "toolu_write", name: "write_file", input: { path: "notes.txt", content: "hello file" } }] },
    { text: "All done." },
  );
  const { id } = await fixture.call("runs:start", { text: "Write my notes" });
  // The question appears once the call waits for the person (announced by conversation_changed).
  for (;;) {
    const mark = fixture.log.count;
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    if (view.pendingAsk) return { id, view };
    await fixture.log.next((e) => e.type === "conversation_changed" && e.summary.id === id, mark);
  }
}

describe("write_file", () => {
  it("asks with Allow / Deny, and on Allow writes the file and tells the model", async () => {
    await withFolder();
    const { id, view } = await askToWrite();
    expect(view.pendingAsk).toMatchObject({ callId: "toolu_write", choices: ["Allow", "Deny"] });
    expect(view.pendingAsk!.question).toMatch(/create the file "notes.txt" \(10 bytes\)/);
    expect(view.summary.running).toBe(true);
    expect(fs.existsSync(path.join(folder, "notes.txt"))).toBe(false);

    await fixture.call("runs:answer", { id, answer: "Allow" });
    expect((await fixture.log.step(id, "run_end")).stoppedBy).toBe("end_turn");
    expect(fs.readFileSync(path.join(folder, "notes.txt"), "utf8")).toBe("hello file");
    const result = fixture.log.steps(id, "tool_end")[0];
    expect(result).toMatchObject({ callId: "toolu_write", status: "done" });
    expect(result.text).toMatch(/allowed the write: "notes.txt" now has 10 bytes/);
    const [, second] = await fixture.model.waitForRequests(2);
    expect(JSON.stringify(second.body.messages.at(-1).content)).toContain("allowed the write");
    expect((await fixture.call<ConversationView>("conversations:get", { id })).pendingAsk).toBeNull();
  });

  it("on Deny writes nothing and tells the model it was denied", async () => {
    await withFolder();
    const { id } = await askToWrite();
    await fixture.call("runs:answer", { id, answer: "deny" });
    expect((await fixture.log.step(id, "run_end")).stoppedBy).toBe("end_turn");
    expect(fs.existsSync(path.join(folder, "notes.txt"))).toBe(false);
    expect(fixture.log.steps(id, "tool_end")[0].text).toMatch(/denied this write, so "notes.txt" was not written/);
    const [, second] = await fixture.model.waitForRequests(2);
    expect(JSON.stringify(second.body.messages.at(-1).content)).toContain("denied this write");
  });

  it("refuses an answer that is not one of the choices, or a typed message, and keeps waiting", async () => {
    await withFolder();
    const { id } = await askToWrite();
    const wrong = await fixture.request("runs:answer", { id, answer: "maybe" });
    expect(wrong).toMatchObject({ ok: false, error: { name: "InvalidChoiceError" } });
    const typed = await fixture.request("runs:send", { id, text: "just do it" });
    expect(typed).toMatchObject({ ok: false, error: { name: "ApprovalPendingError", message: expect.stringMatching(/Allow or Deny on a file write/) } });
    expect((await fixture.call<ConversationView>("conversations:get", { id })).pendingAsk).not.toBeNull();
    await fixture.call("runs:answer", { id, answer: "Deny" });
    await fixture.log.step(id, "run_end");
  });

  it("Stop while the question waits closes the call as aborted and writes nothing", async () => {
    await withFolder();
    const { id } = await askToWrite();
    await fixture.call("runs:stop", { id });
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.pendingAsk).toBeNull();
    expect(view.summary.stoppedBy).toBe("aborted");
    expect(view.entries.find((e) => e.kind === "tool_result")).toMatchObject({ status: "aborted", text: "(aborted: StoppedByPersonError)" });
    expect(fs.existsSync(path.join(folder, "notes.txt"))).toBe(false);
  });

  it("asks about two writes of one turn one after the other", async () => {
    await withFolder();
    fixture.model.script(
      {
        toolUses: [
          { id: "toolu_a", name: "write_file", input: { path: "a.txt", content: "A" } },
          { id: "toolu_b", name: "write_file", input: { path: "b.txt", content: "B" } },
        ],
      },
      { text: "Wrote one of them." },
    );
    const { id } = await fixture.call("runs:start", { text: "Write two files" });
    const waitForQuestion = async (callId: string) => {
      for (;;) {
        const mark = fixture.log.count;
        const view = await fixture.call<ConversationView>("conversations:get", { id });
        if (view.pendingAsk?.callId === callId) return view.pendingAsk;
        await fixture.log.next((e) => e.type === "conversation_changed" && e.summary.id === id, mark);
      }
    };
    const first = await waitForQuestion("toolu_a");
    expect(first.question).toContain('"a.txt"');
    await fixture.call("runs:answer", { id, answer: "Allow" });
    const second = await waitForQuestion("toolu_b");
    expect(second).toMatchObject({ choices: ["Allow", "Deny"] });
    expect(second.question).toContain('"b.txt"');
    await fixture.call("runs:answer", { id, answer: "Deny" });
    expect((await fixture.log.step(id, "run_end")).stoppedBy).toBe("end_turn");
    expect(fs.readFileSync(path.join(folder, "a.txt"), "utf8")).toBe("A");
    expect(fs.existsSync(path.join(folder, "b.txt"))).toBe(false);
  });

  it("is refused before asking when the path leaves the folder", async () => {
    await withFolder();
    fixture.model.script(
      { toolUses: [{ id: "toolu_escape", name: "write_file", input: { path: "../escape.txt", content: "x" } }] },
      { text: "I could not." },
    );
    const { id } = await fixture.call("runs:start", { text: "Write outside" });
    await fixture.log.step(id, "run_end");
    expect(fixture.log.steps(id, "tool_end")[0]).toMatchObject({ status: "error" });
    expect(fixture.log.steps(id, "tool_end")[0].text).toMatch(/outside the chosen folder/);
    expect(fs.existsSync(path.join(folder, "..", "escape.txt"))).toBe(false);
  });
});
