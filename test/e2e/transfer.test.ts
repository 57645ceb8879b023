/**
 * Export then import in the window (Chromium, test host, real SQLite): a conversation is
 * exported as Alpine JSON, deleted, imported back from the file with a progress bar and a
 * summary, and opens with its messages; a second import skips it; a ChatGPT export comes
 * in with its branches. Every wait is on a named app event.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { conversationRow, startConversation } from "./support/window-actions";

const CHATGPT = path.join(__dirname, "../fixtures/transfer/chatgpt-conversations.json");

describe("export and import in the window", () => {
  const win = () => e2e.win;
  const page = () => e2e.page;

  const e2e = useAlpineSession();

  async function openDialog() {
    const since = await win().mark();
    await page().getByRole("button", { name: "Export and import" }).click();
    await win().waitFor("transfer-opened", {}, since);
    return page().getByRole("dialog", { name: "Export and import" });
  }

  async function importPath(file: string) {
    const dialog = await openDialog();
    const since = await win().mark();
    await dialog.getByLabel("File to import").fill(file);
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const imported = await win().waitFor("imported", {}, since);
    const progress = await win().events("import-progress", since);
    return { dialog, report: imported.detail, progress: progress.map((e) => e.detail) };
  }

  it("exports a conversation as Alpine JSON, deletes it, imports it back, and it opens with its messages", async () => {
    await e2e.session.model.control.script({ text: "Lisbon in spring: mild and sunny." });
    const { id, since } = await startConversation(win(), "When should I visit Lisbon?");
    await win().waitFor("run-ended", { id }, since);

    let dialog = await openDialog();
    await dialog.getByLabel("Every conversation").check();
    await dialog.getByLabel("Alpine JSON (to import again)").check();
    let mark = await win().mark();
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const exported = (await win().waitFor("exported", {}, mark)).detail;
    expect(exported).toMatchObject({ conversations: 1 });
    expect(exported.path.startsWith(path.join(e2e.session.dataFolder, "exports"))).toBe(true);
    await dialog.getByTestId("export-result").waitFor();
    await win().screenshotBothThemes("transfer-exported");
    mark = await win().mark();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await win().waitFor("transfer-closed", {}, mark);

    const row = conversationRow(win(), id);
    mark = await win().mark();
    await row.hover();
    await row.getByRole("button", { name: /^Delete/ }).click();
    await page().getByRole("dialog", { name: "Delete this conversation?" }).getByRole("button", { name: "Delete" }).click();
    await win().waitFor("deleted", { id }, mark);
    await row.waitFor({ state: "detached" });

    mark = await win().mark();
    const result = await importPath(exported.path);
    dialog = result.dialog;
    expect(result.report).toMatchObject({ format: "alpine", error: null, skipped: [], imported: [{ id, branches: 1 }] });
    expect(result.progress.at(-1)).toMatchObject({ done: true, imported: 1, bytesRead: exported.bytes, totalBytes: exported.bytes });
    expect(await dialog.getByRole("progressbar", { name: "Import progress" }).getAttribute("aria-valuenow")).toBe("100");
    expect(await dialog.getByTestId("import-summary").textContent()).toContain("Imported 1 conversation");
    await win().waitFor("list-rendered", {}, mark);
    await row.waitFor();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();

    mark = await win().mark();
    await row.click();
    await win().waitFor("conversation-opened", { id }, mark);
    await page().locator(".message--assistant").getByText("Lisbon in spring: mild and sunny.").waitFor();
  });

  it("a second import of the same file skips it and says so", async () => {
    const exportsFolder = path.join(e2e.session.dataFolder, "exports");
    const file = path.join(exportsFolder, (await import("node:fs")).readdirSync(exportsFolder)[0]);
    const { dialog, report } = await importPath(file);
    expect(report.imported).toEqual([]);
    expect(report.skipped.map((s: { reason: string }) => s.reason)).toEqual(["already imported"]);
    expect(await dialog.getByTestId("import-summary").textContent()).toMatch(/Imported 0 conversations, skipped 1.*already imported/);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
  });

  it("imports a ChatGPT export: one row per conversation, its branches behind the switcher", async () => {
    const mark = await win().mark();
    const { dialog, report } = await importPath(CHATGPT);
    expect(report).toMatchObject({ format: "chatgpt", error: null });
    expect(report.imported.map((c: { title: string; branches: number }) => [c.title, c.branches])).toEqual([
      ["Arithmetic help", 3],
      ["A picture", 1],
    ]);
    await win().screenshotBothThemes("transfer-imported");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await win().waitFor("list-rendered", {}, mark);
    // The row shows the branch ChatGPT showed (the root holds its path).
    const row = conversationRow(win(), "chatgpt-6a1f0c2e-0000-4000-8000-00000000000a");
    await row.getByText("Arithmetic help").waitFor();
    const opened = await win().mark();
    await row.click();
    await win().waitFor("conversation-opened", { id: "chatgpt-6a1f0c2e-0000-4000-8000-00000000000a" }, opened);
    await page().locator(".message--assistant").getByText("4 times 3 is 12.").waitFor();
    expect(await page().locator(".conversation-row").filter({ hasText: "Arithmetic help" }).count()).toBe(1);
    // ChatGPT's regenerated answer and edited first question are versions to switch to.
    await page().locator('.branch-switcher[data-fork-seq="1"]').getByText(/^\d \/ 2$/).waitFor();
    await page().locator('.branch-switcher[data-fork-seq="0"]').getByText(/^\d \/ 2$/).waitFor();
  });

  it("a broken file: the error names the file and the record", async () => {
    const broken = path.join(e2e.session.root, "broken.json");
    (await import("node:fs")).writeFileSync(broken, '[{"mapping": {}, "conversation_id": 7}]');
    const { dialog, report } = await importPath(broken);
    expect(report.error).toContain(`Cannot import "${broken}": conversation 1 is broken: conversation_id should be text`);
    await dialog.getByTestId("import-error").waitFor();
  });
});
