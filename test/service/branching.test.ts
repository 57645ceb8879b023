/**
 * Edit, regenerate, switch and branch into a new conversation through the service, as the
 * window asks for them: each makes a branch of the conversation (the old one kept), the
 * model gets the branch's history, the sidebar has one row per conversation, and the
 * branch chosen (or the one that ran last) is the one shown after a relaunch.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationSummary, ConversationView } from "../../src/shared/view-types";
import { openService, type ServiceFixture } from "./helpers";

let fixture: ServiceFixture;
afterEach(async () => {
  await fixture?.close();
});

const runEnd = (f: ServiceFixture, id: string, after = 0) => f.log.step(id, "run_end", after);
const texts = (view: ConversationView) => view.entries.map((e) => e.text);
const rows = async (f: ServiceFixture) => (await f.call<{ items: ConversationSummary[]; total: number }>("conversations:list", {}));

/** A conversation of two turns: "One", "First", "Two", "Second". */
async function twoTurns(f: ServiceFixture): Promise<string> {
  f.model.script({ text: "First" }, { text: "Second" });
  const { id } = await f.call<{ id: string }>("runs:start", { text: "One" });
  await runEnd(f, id);
  const mark = f.log.count;
  await f.call("runs:send", { id, text: "Two" });
  await runEnd(f, id, mark);
  return id;
}

describe("branching", () => {
  it("edits an earlier message: a new branch runs from there, the old one is kept, a switcher joins them", async () => {
    fixture = await openService();
    const root = await twoTurns(fixture);
    fixture.model.script({ text: "Edited answer" });
    const { id: edited } = await fixture.call<{ id: string }>("runs:edit", { id: root, seq: 2, text: "Two, rephrased" });
    expect(edited).not.toBe(root);
    expect((await runEnd(fixture, edited)).stoppedBy).toBe("end_turn");
    const [, , third] = await fixture.model.waitForRequests(3);
    expect(third.body.messages.map((m: { content: unknown }) => JSON.stringify(m.content))).toEqual([
      expect.stringContaining("One"),
      expect.stringContaining("First"),
      expect.stringContaining("Two, rephrased"),
    ]);
    const view = await fixture.call<ConversationView>("conversations:get", { id: edited });
    expect(texts(view)).toEqual(["One", "First", "Two, rephrased", "Edited answer"]);
    expect(view.summary).toMatchObject({ conversationId: root, branchCount: 2 });
    expect(view.forks).toEqual([{ seq: 2, index: 1, options: [root, edited] }]);
    const old = await fixture.call<ConversationView>("conversations:get", { id: root });
    expect(texts(old)).toEqual(["One", "First", "Two", "Second"]);
    expect(old.forks).toEqual([{ seq: 2, index: 0, options: [root, edited] }]);
    // One sidebar row for the conversation: the branch that ran last.
    const list = await rows(fixture);
    expect(list.total).toBe(1);
    expect(list.items).toMatchObject([{ id: edited, conversationId: root, branchCount: 2 }]);
  });

  it("edits the very first message, and refuses to edit a reply", async () => {
    fixture = await openService();
    const root = await twoTurns(fixture);
    fixture.model.script({ text: "Fresh start" });
    const { id } = await fixture.call<{ id: string }>("runs:edit", { id: root, seq: 0, text: "Zero" });
    await runEnd(fixture, id);
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(texts(view)).toEqual(["Zero", "Fresh start"]);
    expect(view.forks).toEqual([{ seq: 0, index: 1, options: [root, id] }]);
    const refused = await fixture.request("runs:edit", { id: root, seq: 1, text: "x" });
    expect(refused).toMatchObject({ ok: false, error: { name: "BranchPointError" } });
  });

  it("regenerates a reply: a new branch from the message before it; switching persists across a relaunch", async () => {
    fixture = await openService();
    const root = await twoTurns(fixture);
    fixture.model.script({ text: "Second, again" });
    const { id: again } = await fixture.call<{ id: string }>("runs:regenerate", { id: root, seq: 3 });
    await runEnd(fixture, again);
    const [, , third] = await fixture.model.waitForRequests(3);
    expect(third.body.messages).toHaveLength(3);
    expect(texts(await fixture.call<ConversationView>("conversations:get", { id: again }))).toEqual(["One", "First", "Two", "Second, again"]);
    expect((await rows(fixture)).items[0].id).toBe(again);

    await fixture.call("conversations:switch", { id: root });
    expect((await rows(fixture)).items).toMatchObject([{ id: root, branchCount: 2 }]);
    await fixture.service.shutdown();
    fixture = fixture.reopen();
    expect((await rows(fixture)).items).toMatchObject([{ id: root, branchCount: 2 }]);
    const view = await fixture.call<ConversationView>("conversations:get", { id: root });
    expect(view.forks).toEqual([{ seq: 3, index: 0, options: [root, again] }]);
    // Sending on a branch goes on from its own history.
    fixture.model.script({ text: "Third" });
    const mark = fixture.log.count;
    await fixture.call("runs:send", { id: again, text: "Three" });
    await runEnd(fixture, again, mark);
    expect(texts(await fixture.call<ConversationView>("conversations:get", { id: again }))).toEqual(["One", "First", "Two", "Second, again", "Three", "Third"]);
  });

  it("shows another version without dating the conversation anew: its time and place in the sidebar stay, after a relaunch too", async () => {
    fixture = await openService();
    const root = await twoTurns(fixture);
    fixture.model.script({ text: "Second, again" });
    const { id: again } = await fixture.call<{ id: string }>("runs:regenerate", { id: root, seq: 3 });
    await runEnd(fixture, again);
    fixture.model.script({ text: "Later reply" });
    const { id: later } = await fixture.call<{ id: string }>("runs:start", { text: "A later conversation" });
    await runEnd(fixture, later);
    const before = (await rows(fixture)).items.map((row) => [row.conversationId, row.updatedAt]);
    expect(before.map(([conversation]) => conversation)).toEqual([later, root]);

    const mark = fixture.log.count;
    await fixture.call("conversations:switch", { id: root });
    const after = (await rows(fixture)).items;
    expect(after.map((row) => [row.conversationId, row.updatedAt])).toEqual(before);
    expect(after[1]).toMatchObject({ id: root, branchCount: 2 });
    // Nothing new happened: no conversation is announced as changed.
    expect(fixture.log.events.slice(mark).filter((event) => event.type === "conversation_changed")).toEqual([]);
    await fixture.service.shutdown();
    fixture = fixture.reopen();
    const relaunched = (await rows(fixture)).items;
    expect(relaunched.map((row) => [row.conversationId, row.updatedAt])).toEqual(before);
    expect(relaunched[1].id).toBe(root);
  });

  it("searches a word two versions of a reply hold: one row, the version shown, which opens there", async () => {
    fixture = await openService();
    fixture.model.script({ text: "Pack a raincoat for Kyoto." }, { text: "Pack light shirts for Kyoto." });
    const { id: root } = await fixture.call<{ id: string }>("runs:start", { text: "Kyoto packing list" });
    await runEnd(fixture, root);
    const { id: again } = await fixture.call<{ id: string }>("runs:regenerate", { id: root, seq: 1 });
    await runEnd(fixture, again);
    const search = async () => (await fixture.call<{ items: ConversationSummary[]; total: number }>("conversations:list", { offset: 0, limit: 50, query: "kyoto" }));
    const found = await search();
    expect(found.total).toBe(1);
    expect(found.items).toMatchObject([{ id: again, conversationId: root, match: { seq: 1 } }]);
    expect(found.items[0].match!.snippet).toContain("light shirts");
    await fixture.call("conversations:switch", { id: root });
    const shown = await search();
    expect(shown.items).toMatchObject([{ id: root, conversationId: root, match: { seq: 1 } }]);
    expect(shown.items[0].match!.snippet).toContain("raincoat");
    expect(texts(await fixture.call<ConversationView>("conversations:get", { id: shown.items[0].id, tail: 50 }))).toEqual(["Kyoto packing list", "Pack a raincoat for Kyoto."]);
  });

  it("branches into a new conversation at a message: a new sidebar row whose past is the old one up to there", async () => {
    fixture = await openService();
    const root = await twoTurns(fixture);
    const { id } = await fixture.call<{ id: string }>("conversations:branch", { id: root, seq: 1 });
    const list = await rows(fixture);
    expect(list.total).toBe(2);
    expect(list.items.map((row) => [row.id, row.conversationId])).toEqual([
      [id, id],
      [root, root],
    ]);
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(texts(view)).toEqual(["One", "First"]);
    expect(view.summary.title).toBe("One (branch)");
    expect(view.forks).toEqual([]);
    fixture.model.script({ text: "Elsewhere" });
    await fixture.call("runs:send", { id, text: "Somewhere else" });
    await runEnd(fixture, id);
    // Deleting the old conversation keeps what the new one shares.
    await fixture.call("conversations:delete", { id: root });
    expect((await rows(fixture)).items.map((row) => row.id)).toEqual([id]);
    expect(texts(await fixture.call<ConversationView>("conversations:get", { id }))).toEqual(["One", "First", "Somewhere else", "Elsewhere"]);
    expect((await fixture.request("conversations:get", { id: root })).ok).toBe(false);
    // Its first message edited: another start of the same conversation, with a switcher at the start.
    fixture.model.script({ text: "From the start" });
    const { id: restart } = await fixture.call<{ id: string }>("runs:edit", { id, seq: 0, text: "Zero" });
    await runEnd(fixture, restart);
    const restarted = await fixture.call<ConversationView>("conversations:get", { id: restart });
    expect(texts(restarted)).toEqual(["Zero", "From the start"]);
    expect(restarted.summary).toMatchObject({ conversationId: id, branchCount: 2 });
    expect(restarted.forks).toEqual([{ seq: 0, index: 1, options: [id, restart] }]);
  });

  it("finds text in every branch, naming the branch that holds it", async () => {
    fixture = await openService();
    const root = await twoTurns(fixture);
    fixture.model.script({ text: "About tangerines" });
    const { id } = await fixture.call<{ id: string }>("runs:edit", { id: root, seq: 2, text: "Tell me about citrus" });
    await runEnd(fixture, id);
    const found = await fixture.call<{ items: ConversationSummary[] }>("conversations:list", { query: "tangerine" });
    expect(found.items.map((row) => [row.id, row.conversationId])).toEqual([[id, root]]);
    expect(found.items[0].match).toEqual({ snippet: "About tangerines", marks: [[6, 16]], seq: 3 });
    // The text of a branch that is not the one shown: the result names it, and opening it shows that branch.
    const second = await fixture.call<{ items: ConversationSummary[]; total: number }>("conversations:list", { query: "second" });
    expect(second.items.map((row) => [row.id, row.match])).toEqual([[root, { snippet: "Second", marks: [[0, 6]], seq: 3 }]]);
    expect(second.total).toBe(1);
    const opened = await fixture.call<ConversationView>("conversations:get", { id: second.items[0].id });
    expect(texts(opened)).toEqual(["One", "First", "Two", "Second"]);
    expect(opened.forks).toEqual([{ seq: 2, index: 0, options: [root, id] }]);
    // The task matches once for the conversation, with no message to scroll to.
    const task = await fixture.call<{ items: ConversationSummary[] }>("conversations:list", { query: "one" });
    expect(task.items.map((row) => [row.id, row.match?.seq])).toEqual([[root, 0]]);
    // Without a query, rows carry no match.
    expect((await rows(fixture)).items[0].match).toBeUndefined();
  });
});
