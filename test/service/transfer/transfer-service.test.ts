/**
 * Export and import through the contract, as the window calls them: the export lands in a
 * file, the import reports progress as app events and a summary, and an imported
 * conversation goes on like any other (its history reaches the model).
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AppEvent, ExportResult, ImportReport } from "../../../src/shared/ipc-contract";
import { writeChatgptExport } from "../../../bench/lib/chatgpt-export-file";
import { openService, type ServiceFixture } from "../helpers";

const CHATGPT = path.join(__dirname, "../../fixtures/transfer/chatgpt-conversations.json");
const A = "chatgpt-6a1f0c2e-0000-4000-8000-00000000000a";

const fixtures: ServiceFixture[] = [];
afterEach(async () => {
  for (const fixture of fixtures.splice(0)) await fixture.close();
});

async function service(options: Parameters<typeof openService>[0] = {}): Promise<ServiceFixture> {
  const fixture = await openService(options);
  fixtures.push(fixture);
  return fixture;
}

describe("export and import through the contract", () => {
  it("exports everything to the data folder, imports it elsewhere with progress events and a summary", async () => {
    const first = await service();
    first.model.script({ text: "Paris is the capital." });
    const { id } = await first.call("runs:start", { text: "Capital of France?" });
    await first.log.step(id, "run_end");
    const exported: ExportResult = await first.call("transfer:export", { scope: "all", format: "json" });
    expect(exported.path.startsWith(path.join(first.dataFolder, "exports"))).toBe(true);
    expect(exported.conversations).toBe(1);
    expect(fs.statSync(exported.path).size).toBe(exported.bytes);

    const second = await service();
    const report: ImportReport = await second.call("transfer:import", { path: exported.path });
    expect(report).toMatchObject({ format: "alpine", error: null, skipped: [], imported: [{ id, branches: 1 }] });
    const done = (await second.log.next((e) => e.type === "import_progress" && e.progress.done)) as Extract<AppEvent, { type: "import_progress" }>;
    expect(done.progress).toMatchObject({ imported: 1, skipped: 0, bytesRead: exported.bytes, totalBytes: exported.bytes });
    const view = await second.call("conversations:get", { id });
    expect(view.entries.map((e: { text: string }) => e.text)).toEqual(["Capital of France?", "Paris is the capital."]);
    const markdown: ExportResult = await second.call("transfer:export", { scope: "shown", format: "markdown", conversationId: id });
    expect(fs.readFileSync(markdown.path, "utf8")).toContain("Paris is the capital.");
  });

  it("an imported ChatGPT conversation is searchable and continues: the next run sends its history to the model", async () => {
    const fixture = await service();
    await fixture.call("transfer:import", { path: CHATGPT });
    fixture.model.script({ text: "It is 12, as before." });
    const before = fixture.model.requests.length;
    await fixture.call("runs:send", { id: A, text: "Are you sure?" });
    await fixture.log.step(A, "run_end");
    const sent = fixture.model.requests[before].body.messages as { role: string; content: unknown }[];
    expect(JSON.stringify(sent)).toContain("What is 2+2?");
    expect(JSON.stringify(sent)).toContain("print(4*3)");
    expect(sent.at(-1)).toMatchObject({ role: "user" });
    const found = await fixture.call("conversations:list", { query: "compute" });
    expect(found.items.map((c: { id: string }) => c.id)).toEqual([A]);
    const view = await fixture.call("conversations:get", { id: A });
    expect(view.entries.slice(-2).map((e: { text: string }) => e.text)).toEqual(["Are you sure?", "It is 12, as before."]);
  });

  it("names a missing file, and refuses a second import while one goes", async () => {
    const fixture = await service();
    const missing = await fixture.request("transfer:import", { path: path.join(fixture.dataFolder, "nope.json") });
    expect(missing).toMatchObject({ ok: false, error: { name: "ImportReadError" } });
    expect(!missing.ok && missing.error.message).toContain("nope.json");
    const [a, b] = await Promise.all([fixture.request("transfer:import", { path: CHATGPT }), fixture.request("transfer:import", { path: CHATGPT })]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect((a.ok ? b : a).ok === false && (a.ok ? b : a)).toMatchObject({ error: { name: "ImportInProgressError" } });
  });

  it("answers other requests while a large import goes, and reports its progress along the way", async () => {
    const fixture = await service();
    const file = path.join(fixture.dataFolder, "big.json");
    const count = await writeChatgptExport(file, 3 * 1024 * 1024);
    let finished = false;
    const importing = fixture.call("transfer:import", { path: file }).then((report: ImportReport) => {
      finished = true;
      return report;
    });
    const first = (await fixture.log.next((e) => e.type === "import_progress")) as Extract<AppEvent, { type: "import_progress" }>;
    expect(first.progress.done).toBe(false);
    const listed = await fixture.call("conversations:list", {});
    expect(finished).toBe(false);
    expect(listed.total).toBeLessThan(count * 3);
    const report = await importing;
    expect(report.imported.length).toBe(count);
    const events = fixture.log.events.filter((e) => e.type === "import_progress") as Extract<AppEvent, { type: "import_progress" }>[];
    const read = events.map((e) => e.progress.bytesRead);
    expect(read).toEqual([...read].sort((a, b) => a - b));
    expect(events.at(-1)!.progress).toMatchObject({ done: true, imported: count, bytesRead: fs.statSync(file).size });
  });

  it("uses the app's save and open dialogs when it has them; a cancelled dialog does nothing", async () => {
    let answer: string | null = null;
    const names: string[] = [];
    const fixture = await service({
      service: {
        chooseExportFile: async (name) => (names.push(name), answer),
        chooseImportFile: async () => answer,
      },
    });
    expect(await fixture.call("transfer:export", { scope: "all", format: "markdown" })).toBeNull();
    expect(names[0]).toMatch(/^alpine-all-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.md$/);
    expect(await fixture.call("transfer:import", {})).toBeNull();
    answer = CHATGPT;
    const report: ImportReport = await fixture.call("transfer:import", {});
    expect(report.imported.length).toBe(2);
    answer = path.join(fixture.dataFolder, "chosen.json");
    const exported: ExportResult = await fixture.call("transfer:export", { scope: "tree", format: "json", conversationId: A });
    expect(exported).toMatchObject({ path: answer, conversations: 1 });
    expect(names[1]).toMatch(new RegExp(`^alpine-${A}-tree-.*\\.json$`));
  });

  it("without a path and without a dialog, says to type the path; an export to a folder that is not there fails clearly", async () => {
    const fixture = await service({ service: { chooseExportFile: async () => "/nonexistent-folder/x/export.json" } });
    const result = await fixture.request("transfer:import", {});
    expect(result).toMatchObject({ ok: false, error: { name: "ImportReadError" } });
    expect(!result.ok && result.error.message).toMatch(/type the file's path/);
    const failed = await fixture.request("transfer:export", { scope: "all", format: "json" });
    expect(failed).toMatchObject({ ok: false, error: { name: "ExportWriteError" } });
    expect(!failed.ok && failed.error.message).toContain("/nonexistent-folder/x/export.json");
  });

  it("exports a conversation it does not have: a clear error", async () => {
    const fixture = await service();
    const result = await fixture.request("transfer:export", { scope: "tree", format: "json", conversationId: "nothere" });
    expect(result).toMatchObject({ ok: false, error: { name: "ConversationNotFoundError" } });
  });
});
