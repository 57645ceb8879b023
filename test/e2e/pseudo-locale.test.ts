/**
 * The pseudo-locale (every text accented and 40% longer) over every view, light and dark: the
 * views are set up in English (a conversation with a reply and a tool card, one waiting for an
 * approval), then a second window shows them in en-XA. Each view gets a screenshot in both themes
 * and a check of element boxes: no clipped button, label, tab or heading, no overlapping controls.
 */
import { describe, expect, it } from "vitest";
import { AppWindow } from "./support/app-window";
import { useAlpineSession } from "./support/file-session";
import { layoutProblems } from "./support/layout-check";
import { chooseWorkFolder, sendMessage, startConversation } from "./support/window-actions";

describe("the pseudo-locale: no clipped or overlapping control in any view, light and dark", () => {
  const e2e = useAlpineSession({ slowTool: false });
  let pseudo: AppWindow;
  const page = () => pseudo.page;

  /** Screenshots in both themes, and the box check in each; every problem is named with its view and theme. */
  async function check(view: string): Promise<void> {
    const problems: string[] = [];
    for (const colorScheme of ["light", "dark"] as const) {
      await page().emulateMedia({ colorScheme });
      await page().waitForFunction((scheme) => (globalThis as any).matchMedia(`(prefers-color-scheme: ${scheme})`).matches, colorScheme);
      problems.push(...(await layoutProblems(page())).map((problem) => `${view} (${colorScheme}): ${problem}`));
    }
    await pseudo.screenshotBothThemes(`pseudo-${view}`);
    expect.soft(problems).toEqual([]);
  }

  it("sets up the views in English, then opens them in en-XA", { timeout: 120_000 }, async () => {
    const win = e2e.win;
    await chooseWorkFolder(win);
    e2e.session.model.control.script(
      { toolUses: [{ name: "read_file", input: { path: "notes.md" } }], text: "Let me read your notes." },
      { text: "Your notes say to **buy milk** and to call Ada about the trip to Oslo." },
    );
    const { id, since } = await startConversation(win, "What do my notes say?");
    await win.waitFor("run-ended", { id }, since);
    e2e.session.model.control.script({ toolUses: [{ name: "write_file", input: { path: "todo.txt", content: "water the plants\nfeed the cat\n" } }], text: "Adding it." });
    await win.page.getByRole("button", { name: "New conversation" }).click();
    const asked = await sendMessage(win, "Add the cat to my list");
    await win.waitFor("ask-shown", {}, asked);

    pseudo = await AppWindow.open(e2e.session.browser, e2e.session.host.url, { query: "language=en-XA" });
    expect(await page().evaluate(() => (globalThis as any).document.documentElement.lang)).toBe("en-XA");
    await page().locator(".conversation-row").nth(1).waitFor();
    // The pseudo-locale's brackets mark the window's own words: English left in sight would show without them.
    expect(await page().locator(".sidebar__bottom").innerText()).toContain("⟦");
  });

  it("the box check finds a clipped button, text spilling out of a label and two overlapping controls", async () => {
    await page().evaluate(() => {
      const doc = (globalThis as any).document;
      const probe = doc.createElement("div");
      probe.id = "layout-probe";
      probe.style.cssText = "position:fixed;inset-block-start:300px;inset-inline-start:400px;z-index:9999;background:white";
      // Built through the CSSOM: the page's content security policy refuses style attributes in markup.
      const parts: [string, string, string][] = [
        ["button", "A long button text", "inline-size:40px;overflow:hidden;white-space:nowrap"],
        ["label", "A label far too long", "display:block;inline-size:30px;block-size:16px;white-space:nowrap"],
        ["button", "One", "position:absolute;inset-block-start:60px;inset-inline-start:0"],
        ["button", "Two", "position:absolute;inset-block-start:62px;inset-inline-start:10px"],
      ];
      for (const [tag, text, css] of parts) {
        const element = doc.createElement(tag);
        element.textContent = text;
        element.style.cssText = css;
        probe.append(element);
      }
      doc.body.append(probe);
    });
    try {
      const problems = await layoutProblems(page());
      expect(problems.filter((p) => p.startsWith("clipped: button") && p.includes("A long button text"))).toHaveLength(1);
      expect(problems.filter((p) => p.startsWith("text outside its box: label") && p.includes("A label far too long"))).toHaveLength(1);
      expect(problems.filter((p) => p.startsWith("overlap:") && p.includes('"One"') && p.includes('"Two"'))).toHaveLength(1);
    } finally {
      await page().evaluate(() => (globalThis as any).document.getElementById("layout-probe").remove());
    }
  });

  it("the sidebar, a conversation with a reply and a tool card, and the composer", async () => {
    await page().locator(".conversation-row").nth(1).locator("[data-row-focus]").click();
    await page().locator(".message--assistant", { hasText: "buy milk" }).waitFor();
    await page().locator(".tool-card__head").first().click();
    await check("conversation");
  });

  it("a tool's approval", async () => {
    await page().locator(".conversation-row").nth(0).locator("[data-row-focus]").click();
    await page().locator("section.ask").waitFor();
    await check("approval");
  });

  it("Settings, section by section", async () => {
    await page().locator(".sidebar__settings").nth(1).click();
    const dialog = page().locator("dialog.dialog--settings");
    await dialog.waitFor();
    const sections = dialog.locator("section, fieldset");
    const count = await sections.count();
    expect(count).toBeGreaterThan(2);
    for (let i = 0; i < count; i++) {
      await sections.nth(i).scrollIntoViewIfNeeded();
      await check(`settings-${i + 1}`);
    }
    await page().keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("Export and import", async () => {
    await page().locator(".sidebar__settings").nth(0).click();
    await page().locator("dialog[open]").waitFor();
    await check("transfer");
    await page().keyboard.press("Escape");
    await page().locator("dialog[open]").waitFor({ state: "hidden" });
  });

  it("the delete confirmation", async () => {
    await page().locator(".conversation-row").nth(1).locator("[data-row-focus]").focus();
    await page().keyboard.press("Delete");
    await page().locator("dialog.dialog--confirm[open]").waitFor();
    await check("confirm");
    await page().keyboard.press("Escape");
    await page().locator("dialog[open]").waitFor({ state: "hidden" });
  });

  it("quick entry", async () => {
    const quick = await AppWindow.open(e2e.session.browser, e2e.session.host.url, { page: "quick-entry.html", query: "language=en-XA" });
    try {
      const problems = await layoutProblems(quick.page);
      await quick.screenshotBothThemes("pseudo-quick-entry");
      expect(problems).toEqual([]);
    } finally {
      await quick.close();
    }
    await pseudo.close();
  });
});
