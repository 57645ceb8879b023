/**
 * Small things a person notices, in Chromium through the test host: the settings footer shows
 * the data folder's whole path, however long; the sidebar's times are in the person's
 * language and age while the window stays open.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import fs from "node:fs";
import path from "node:path";
import { chooseWorkFolder, conversationRow, startConversation } from "./support/window-actions";

const LONG_PARENTS = ["Users", "a-person-with-a-rather-long-name", "Library", "Application Support", "Alpine desktop assistant data"];

describe("details of the window", () => {
  const win = () => e2e.win;
  const page = () => e2e.page;

  const e2e = useAlpineSession({ dataFolderParents: LONG_PARENTS });

  it("shows the data folder's whole path in the settings footer", async () => {
    expect(e2e.session.dataFolder.length).toBeGreaterThan(110);
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page().getByRole("dialog", { name: "Settings" });
    const path = dialog.locator(".dialog__path");
    await path.waitFor();
    expect(await path.textContent()).toBe(e2e.session.dataFolder);
    // Nothing of it is cut off or hidden: the box holds all of its text.
    expect(await path.evaluate((el: any) => el.scrollWidth <= el.clientWidth + 1 && el.getClientRects().length >= 1)).toBe(true);
    const footer = await dialog.locator(".dialog__info").evaluate((el: any) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(footer.scroll).toBeLessThanOrEqual(footer.client + 1);
    await win().screenshotBothThemes("settings-footer");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("asks about a file write with the keyboard on Deny and shows what would change", { timeout: 120_000 }, async () => {
    await chooseWorkFolder(win());
    e2e.session.model.control.script(
      { toolUses: [{ name: "write_file", input: { path: "todo.txt", content: "water the plants\nfeed the cat\n" } }], text: "Adding it." },
      { text: "Left as it was." },
    );
    const { id, since } = await startConversation(win(), "Add the cat to my list");
    await win().waitFor("ask-shown", { id }, since);
    const ask = page().getByRole("region", { name: "Alpine is asking you" });
    // What the write would change is on screen before the choice.
    const diff = ask.locator(".code-block code");
    await diff.waitFor();
    expect(await diff.textContent()).toContain("  water the plants\n+ feed the cat");
    expect(await ask.locator(".code-block__lang").textContent()).toBe("diff");
    // Enter on the focused choice denies: nothing is written by accident.
    await ask.getByRole("button", { name: "Deny" }).waitFor();
    expect(await page().evaluate(() => (globalThis as any).document.activeElement?.textContent)).toBe("Deny");
    await win().screenshotBothThemes("approval-diff");
    const answered = await win().mark();
    await page().keyboard.press("Enter");
    expect((await win().waitFor("answer-sent", { id }, answered)).detail.answer).toBe("Deny");
    await win().waitFor("run-ended", { id }, answered);
    expect(fs.readFileSync(path.join(e2e.session.workFolder, "todo.txt"), "utf8")).toBe("water the plants\n");
  });

  it("shows a new file's whole content with its approval question, before the choice", { timeout: 120_000 }, async () => {
    e2e.session.model.control.script(
      { toolUses: [{ name: "write_file", input: { path: "groceries.txt", content: "milk\neggs\nbread\n" } }], text: "Writing your list." },
      { text: "Not written." },
    );
    const { id, since } = await startConversation(win(), "Write my grocery list");
    await win().waitFor("ask-shown", { id }, since);
    const ask = page().getByRole("region", { name: "Alpine is asking you" });
    await ask.getByText("The new file's content").waitFor();
    expect(await ask.locator(".code-block code").textContent()).toBe("milk\neggs\nbread\n");
    await ask.getByRole("button", { name: "Deny" }).waitFor();
    expect(await page().evaluate(() => (globalThis as any).document.activeElement?.textContent)).toBe("Deny");
    await win().screenshotBothThemes("approval-new-file");
    const answered = await win().mark();
    await page().keyboard.press("Enter");
    await win().waitFor("run-ended", { id }, answered);
    expect(fs.existsSync(path.join(e2e.session.workFolder, "groceries.txt"))).toBe(false);
  });

  it("writes times in the person's language and refreshes them while the window is open", async () => {
    e2e.session.model.control.script({ text: "Done." });
    const { id, since } = await startConversation(win(), "Water the plants");
    await win().waitFor("run-ended", { id }, since);

    const context = await e2e.session.browser.newContext({ locale: "de-DE", viewport: { width: 1280, height: 820 } });
    try {
      const german = await context.newPage();
      await german.clock.install();
      await german.goto(`${e2e.session.host.url}?transport=ws`);
      const time = german.locator(`.conversation-row[data-conversation-id="${id}"] time`);
      const rtf = new Intl.RelativeTimeFormat("de-DE", { numeric: "auto", style: "short" });
      await time.waitFor(); // a page's first load may take seconds on a busy machine: wait for the row, then read it
      await expect.poll(() => time.textContent()).toBe(rtf.format(0, "second"));
      await german.clock.fastForward("05:00");
      await expect.poll(() => time.textContent()).toBe(rtf.format(-5, "minute"));
    } finally {
      await context.close();
    }
    // The English window said it in English.
    expect(await conversationRow(win(), id).locator("time").textContent()).toMatch(/now|min/);
  });
});
