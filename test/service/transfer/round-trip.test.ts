import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SqliteStore } from "../../../src/main/agent";
import { exportText, exportToFile } from "../../../src/main/service/transfer/export-file";
import { importFile } from "../../../src/main/service/transfer/import-file";
import { openStore, tempFolder, writeFile, writeTree } from "./tree-fixtures";

let folder: string;
let source: SqliteStore;
let target: SqliteStore;

beforeEach(async () => {
  folder = tempFolder();
  source = openStore(folder, "source.db");
  target = openStore(folder, "target.db");
  await writeTree(source);
});

afterEach(() => {
  source.close();
  target.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function historyTexts(store: SqliteStore, id: string): Promise<string[]> {
  return (await store.load(id)).history.map((e) => `${e.seq}:${e.kind}:${e.text}`);
}

describe("Alpine JSON round trip", () => {
  it("export → import → export gives the same bytes, for everything, a whole tree and a shown branch", async () => {
    for (const request of [{ scope: "all", format: "json" }, { scope: "tree", format: "json", conversationId: "root1" }, { scope: "shown", format: "json", conversationId: "edit1" }] as const) {
      const first = await exportText(source, request);
      const file = writeFile(folder, `export-${request.scope}.json`, first);
      const fresh = openStore(folder, `fresh-${request.scope}.db`);
      const report = await importFile(fresh, file);
      expect(report.error).toBeNull();
      const again = await exportText(fresh, request.scope === "all" ? request : { ...request, conversationId: report.imported[0].id });
      expect(again).toBe(first);
      fresh.close();
    }
  });

  it("imports every branch so that each loads with the same history, and the same branch is shown", async () => {
    const file = (await exportToFile(source, { scope: "all", format: "json" }, `${folder}/all.json`)).path;
    const report = await importFile(target, file);
    expect(report).toMatchObject({ format: "alpine", error: null, skipped: [] });
    expect(report.imported.map((c) => [c.id, c.branches])).toEqual([
      ["plain", 1],
      ["root1", 5],
      ["newconv", 1],
    ]);
    for (const id of ["root1", "regen1", "edit1", "regen2", "first1", "newconv", "plain"]) {
      expect(await historyTexts(target, id)).toEqual(await historyTexts(source, id));
    }
    const shown = target.listConversations({}).map((c) => [c.conversationId, c.id, c.branchCount]);
    expect(shown).toEqual(source.listConversations({}).map((c) => [c.conversationId, c.id, c.branchCount === 5 ? 5 : 1]));
  });

  it("skips conversations already imported and reports them", async () => {
    const file = writeFile(folder, "all.json", await exportText(source, { scope: "all", format: "json" }));
    await importFile(target, file);
    const again = await importFile(target, file);
    expect(again.imported).toEqual([]);
    expect(again.skipped.map((s) => [s.id, s.reason])).toEqual([
      ["plain", "already imported"],
      ["root1", "already imported"],
      ["newconv", "already imported"],
    ]);
    expect(target.list({}).length).toBe(7);
  });

  it("completes a conversation whose import was cut short between its branches", async () => {
    const first = await exportText(source, { scope: "all", format: "json" });
    const file = writeFile(folder, "all.json", first);
    await importFile(target, file);
    // As if the process had stopped after creating root1 and two of its branches.
    target.delete("regen2");
    target.delete("first1");
    const again = await importFile(target, file);
    expect(again.imported).toEqual([{ id: "root1", title: "Files review", branches: 2 }]);
    expect(again.skipped.map((s) => s.id)).toEqual(["plain", "newconv"]);
    expect(await exportText(target, { scope: "all", format: "json" })).toBe(first);
  });

  it("writes Markdown with every message, tool call and branch", async () => {
    const markdown = await exportText(source, { scope: "tree", format: "markdown", conversationId: "root1" });
    expect(markdown).toMatch(/^# Files review/);
    expect(markdown).toContain("Tool call `read_file`:");
    expect(markdown).toContain('"path": "file-0.txt"');
    expect(markdown).toContain("**Result of read_file** (done)");
    expect(markdown).toContain("Another answer.");
    expect(markdown).toContain("Edited question");
    expect(markdown).toContain("parting before the first message");
    const shown = await exportText(source, { scope: "shown", format: "markdown", conversationId: "root1" });
    // The shown branch (updated last) is the regenerate: its past, then its own reply; not the other branches.
    expect(shown).toContain("Another answer.");
    expect(shown).not.toContain("Edited question");
  });
});
