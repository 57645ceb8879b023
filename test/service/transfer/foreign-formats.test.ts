import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SqliteStore } from "../../../src/main/agent";
import { exportText } from "../../../src/main/service/transfer/export-file";
import { importFile } from "../../../src/main/service/transfer/import-file";
import { openStore, tempFolder, writeFile } from "./tree-fixtures";

const FIXTURES = path.join(__dirname, "../../fixtures/transfer");
const CHATGPT = path.join(FIXTURES, "chatgpt-conversations.json");
const CLAUDE = path.join(FIXTURES, "claude-conversations.json");

let folder: string;
let store: SqliteStore;

beforeEach(() => {
  folder = tempFolder();
  store = openStore(folder);
});

afterEach(() => {
  store.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function lines(id: string): Promise<string[]> {
  return (await store.load(id)).history.map((e) => {
    const extra = e.kind === "tool_result" ? ` [${e.callId} ${e.name}]` : e.kind === "assistant" ? ` ${JSON.stringify(e.content.filter((b) => b.type === "tool_use"))}` : "";
    return `${e.kind}: ${e.text}${extra}`;
  });
}

describe("the ChatGPT export", () => {
  const A = "chatgpt-6a1f0c2e-0000-4000-8000-00000000000a";

  it("becomes a tree: the path to current_node is shown, regenerates and edits are branches", async () => {
    const report = await importFile(store, CHATGPT);
    expect(report).toMatchObject({ format: "chatgpt", error: null, skipped: [] });
    expect(report.imported.map((c) => [c.id, c.title, c.branches])).toEqual([
      [A, "Arithmetic help", 3],
      ["chatgpt-6a1f0c2e-0000-4000-8000-00000000000b", "A picture", 1],
    ]);
    expect(await lines(A)).toEqual([
      "user: What is 2+2?",
      "assistant: Four. []",
      "user: And times 3? Please compute it.",
      'assistant:  [{"type":"tool_use","id":"c1","name":"python","input":{"code":"print(4*3)"}}]',
      "tool_result: 12\n [c1 python]",
      "assistant: 4 times 3 is 12. []",
    ]);
    // The first answer, regenerated: a branch after the question.
    const branches = store.listBranches(A);
    const regenerated = branches.find((b) => b.parent?.seq === 0)!;
    expect(regenerated.parent).toEqual({ id: A, seq: 0 });
    expect(await lines(regenerated.id)).toEqual(["user: What is 2+2?", "assistant: 4 []"]);
    // The first question, edited: a branch before the first message.
    const edited = branches.find((b) => b.parent?.seq === -1)!;
    expect(edited.task).toBe("What is 3+3?");
    expect(await lines(edited.id)).toEqual(["user: What is 3+3?", "assistant: 6 []"]);
    const shown = store.listConversations({}).find((c) => c.conversationId === A)!;
    expect(shown).toMatchObject({ id: A, branchCount: 3, updatedAt: "2023-11-14T22:14:50.000Z" });
    const state = await store.load(A);
    expect(state.data).toEqual({ importedFrom: { source: "chatgpt", id: "6a1f0c2e-0000-4000-8000-00000000000a" } });
  });

  it("says what a picture was, and skips what was imported before", async () => {
    await importFile(store, CHATGPT);
    expect(await lines("chatgpt-6a1f0c2e-0000-4000-8000-00000000000b")).toEqual(["user: [image asset pointer]\nWhat is in this picture?", "assistant: A small square. []"]);
    const again = await importFile(store, CHATGPT);
    expect(again.imported).toEqual([]);
    expect(again.skipped.map((s) => s.reason)).toEqual(["already imported", "already imported"]);
    expect(store.list({}).length).toBe(4);
  });

  it("re-exports as Alpine JSON that imports again to the same bytes", async () => {
    await importFile(store, CHATGPT);
    const first = await exportText(store, { scope: "all", format: "json" });
    const other = openStore(folder, "other.db");
    await importFile(other, writeFile(folder, "a.json", first));
    expect(await exportText(other, { scope: "all", format: "json" })).toBe(first);
    other.close();
  });
});

describe("the Claude.ai export", () => {
  const TRIP = "claude-c0ffee00-0000-4000-8000-000000000001";

  it("follows parent_message_uuid into branches; the newest leaf is shown; tool use becomes calls and results", async () => {
    const report = await importFile(store, CLAUDE);
    expect(report.error).toBeNull();
    expect(report.format).toBe("claude");
    expect(report.imported.map((c) => [c.id, c.branches])).toEqual([
      [TRIP, 2],
      ["claude-c0ffee00-0000-4000-8000-000000000002", 1],
    ]);
    expect(report.skipped).toEqual([{ id: null, title: "", reason: "it has no messages" }]);
    expect(await lines(TRIP)).toEqual([
      "user: Plan a day in Lisbon\n\n[Attached: notes.txt]\nLikes museums",
      'assistant: Let me check the weather. [{"type":"tool_use","id":"toolu_1","name":"web_search","input":{"query":"Lisbon weather"}}]',
      "tool_result: Sunny, 18C [toolu_1 web_search]",
      "assistant: Sunny: start at Belém, then Alfama. []",
      "user: And dinner?",
      "assistant: Try Bairro Alto. []",
    ]);
    const retry = store.listBranches(TRIP).find((b) => b.id !== TRIP)!;
    expect(retry.parent).toEqual({ id: TRIP, seq: 0 });
    expect(await lines(retry.id)).toEqual(["user: Plan a day in Lisbon\n\n[Attached: notes.txt]\nLikes museums", "assistant: Start at Belém. []"]);
    expect(store.listConversations({}).find((c) => c.conversationId === TRIP)?.id).toBe(TRIP);
  });

  it("reads an export without parent_message_uuid as one line of messages", async () => {
    await importFile(store, CLAUDE);
    expect(await lines("claude-c0ffee00-0000-4000-8000-000000000002")).toEqual(["user: Hello", "assistant: Hi! How can I help? []", "user: Nothing, thanks."]);
  });
});

describe("ChatGPT tool messages", () => {
  it("a browsing call and its page become a tool call and its result; a tool message without a call, a notice", async () => {
    const msg = (id: string, role: string, content: unknown, recipient = "all", name: string | null = null) => ({
      id,
      author: { role, name },
      create_time: 1_700_000_000,
      content,
      recipient,
    });
    const record = {
      conversation_id: "browse-1",
      title: "Browse",
      mapping: {
        u: { id: "u", parent: null, children: ["c"], message: msg("u", "user", { content_type: "text", parts: ["Find the news"] }) },
        c: { id: "c", parent: "u", children: ["r"], message: msg("c", "assistant", { content_type: "code", text: "search('news')" }, "browser") },
        r: { id: "r", parent: "c", children: ["n"], message: msg("r", "tool", { content_type: "tether_browsing_display", result: "Headline one" }, "all", "browser") },
        n: { id: "n", parent: "r", children: [], message: msg("n", "tool", { content_type: "text", parts: ["stray output"] }, "all", "python") },
      },
      current_node: "n",
    };
    const report = await importFile(store, writeFile(folder, "browse.json", JSON.stringify([record])));
    expect(report.error).toBeNull();
    expect(await lines("chatgpt-browse-1")).toEqual([
      "user: Find the news",
      'assistant:  [{"type":"tool_use","id":"c","name":"browser","input":{"code":"search(\'news\')"}}]',
      "tool_result: Headline one [c browser]",
      "notice: python: stray output",
    ]);
  });
});
