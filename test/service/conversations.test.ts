/**
 * The sidebar's side of the service: paging, search, rename, delete, and a broken
 * conversation that is reported while the others keep working.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SNAPSHOT_VERSION } from "../../src/main/agent/state/snapshot";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { State } from "../../src/main/agent/state/state";
import { Agent } from "../../src/main/agent/run/agent";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import type { ConversationSummary, ConversationView } from "../../src/shared/view-types";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";

let fixture: ServiceFixture;
let dataFolder: string | null = null;
afterEach(async () => {
  await fixture?.close();
  if (dataFolder) removeDir(dataFolder);
  dataFolder = null;
});

/** Saves finished conversations straight into the database, as an earlier session would have. */
async function seed(folder: string, tasks: string[]): Promise<string[]> {
  const store = new SqliteStore(path.join(folder, DATABASE_FILE_NAME));
  const agent = new Agent({ model: "claude-sonnet-4-6", store });
  const ids: string[] = [];
  for (const task of tasks) {
    const state = new State(task);
    await agent.save(state);
    ids.push(state.id);
  }
  store.close();
  return ids;
}

describe("conversations", () => {
  it("lists newest first, in pages, with the total", async () => {
    dataFolder = makeTempDir();
    const ids = await seed(dataFolder, ["one", "two", "three", "four", "five"]);
    fixture = await openService({ dataFolder });
    const first = await fixture.call("conversations:list", { offset: 0, limit: 2 });
    const second = await fixture.call("conversations:list", { offset: 2, limit: 2 });
    const third = await fixture.call("conversations:list", { offset: 4, limit: 2 });
    expect(first.total).toBe(5);
    const order = [...first.items, ...second.items, ...third.items].map((s: ConversationSummary) => s.id);
    expect(order).toEqual([...ids].reverse());
  });

  it("searches task, title and message text", async () => {
    fixture = await openService();
    fixture.model.script({ text: "The capital of France is Paris." }, { text: "Rome is in Italy." });
    const france = await fixture.call("runs:start", { text: "Tell me about France" });
    await fixture.log.step(france.id, "run_end");
    const italy = await fixture.call("runs:start", { text: "And Italy?" });
    await fixture.log.step(italy.id, "run_end");

    const paris = await fixture.call("conversations:list", { query: "paris" });
    expect(paris.items.map((s: ConversationSummary) => s.id)).toEqual([france.id]);
    expect(paris.total).toBe(1);
    const both = await fixture.call("conversations:list", { query: "  " });
    expect(both.total).toBe(2);
  });

  it("renames a conversation, also while it runs, and the title survives the run's saves", async () => {
    fixture = await openService();
    fixture.model.script({ hang: true, text: "Working" });
    const { id } = await fixture.call("runs:start", { text: "Original task" });
    await fixture.log.step(id, "text_delta");
    const renamed = await fixture.call("conversations:rename", { id, title: "  My project  " });
    expect(renamed).toMatchObject({ id, title: "My project", task: "Original task", running: true });
    expect(fixture.log.events).toContainEqual({ type: "conversation_changed", summary: expect.objectContaining({ id, title: "My project" }) });
    await fixture.call("runs:stop", { id }); // the run saves its snapshot again on the way out
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.summary.title).toBe("My project");
    expect((await fixture.call("conversations:list", {})).items[0].title).toBe("My project");
  });

  it("deletes a conversation, stopping its run first", async () => {
    fixture = await openService();
    fixture.model.script({ hang: true, text: "Working" });
    const { id } = await fixture.call("runs:start", { text: "Doomed" });
    await fixture.log.step(id, "text_delta");
    expect(await fixture.call("conversations:delete", { id })).toEqual({ deleted: true });
    expect(fixture.log.steps(id, "run_end")).toHaveLength(1);
    expect(fixture.log.events).toContainEqual({ type: "conversation_deleted", id });
    expect((await fixture.call("conversations:list", {})).total).toBe(0);
    expect(await fixture.request("conversations:get", { id })).toMatchObject({ ok: false, error: { name: "ConversationNotFoundError" } });
    expect(await fixture.request("conversations:delete", { id })).toMatchObject({ ok: false, error: { name: "ConversationNotFoundError" } });
  });

  it("reports a conversation that cannot be loaded, while the others list and open", async () => {
    dataFolder = makeTempDir();
    const [good] = await seed(dataFolder, ["A good one"]);
    const store = new SqliteStore(path.join(dataFolder, DATABASE_FILE_NAME));
    const now = new Date().toISOString();
    store.write(
      "broken-one",
      [{ seq: 0, kind: "user", text: "From the future", at: now, error: null }],
      {
        version: (SNAPSHOT_VERSION + 98) as typeof SNAPSHOT_VERSION,
        id: "broken-one",
        task: "From the future",
        title: "From the future",
        data: {},
        stoppedBy: "end_turn",
        answer: null,
        pendingAsk: null,
        createdAt: now,
        updatedAt: now,
        entryCount: 1,
        excluded: [],
        agent: null,
      },
      { create: true },
    );
    store.close();

    fixture = await openService({ dataFolder });
    const list = await fixture.call("conversations:list", {});
    expect(list.items.map((s: ConversationSummary) => s.id).sort()).toEqual(["broken-one", good].sort());
    const broken = await fixture.call<ConversationView>("conversations:get", { id: "broken-one" });
    expect(broken.loadError).toMatch(new RegExp(`cannot be opened.*schema version ${SNAPSHOT_VERSION + 98}`));
    expect(broken.summary).toMatchObject({ id: "broken-one", title: "From the future" });
    expect(broken.entries).toEqual([]);
    const fine = await fixture.call<ConversationView>("conversations:get", { id: good });
    expect(fine.loadError).toBeNull();
    expect(fine.entries[0].text).toBe("A good one");
    expect(await fixture.request("runs:continue", { id: "broken-one" })).toMatchObject({ ok: false, error: { name: "ConversationUnreadableError" } });
  });
});
