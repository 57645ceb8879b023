/**
 * The window by keyboard alone, in Chromium through the test host: Tab reaches every control
 * of the main view, of a conversation with its message actions and tool card, and of each
 * dialog, each showing a visible focus indicator, and the focus goes round without a trap
 * (a modal dialog keeps it inside until Escape). Ctrl+K goes to the search field, Ctrl+N
 * starts a new conversation, Escape closes a dialog and gives the focus back to what opened it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { describeStops, walkWithTab, type WalkResult } from "./support/keyboard-walk";
import { seedConversations } from "./support/seed-conversations";
import { chooseWorkFolder, conversationRow, startConversation } from "./support/window-actions";

describe("the window by keyboard", () => {
  let openedId = "";
  const win = () => e2e.win;
  const page = () => e2e.page;
  const focused = () =>
    page().evaluate(() => {
      const el = (globalThis as any).document.activeElement;
      return { tag: el?.tagName as string, label: (el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "") as string };
    });

  const e2e = useAlpineSession({ prepare: (dataFolder) => seedConversations(dataFolder, { count: 3 }).then(() => undefined) }, 120_000);
  beforeAll(async () => {
    await page().emulateMedia({ reducedMotion: "reduce" });
  });

  function expectGoodWalk(where: string, walk: WalkResult, minStops: number) {
    const report = `${where}:\n${describeStops(walk.stops)}`;
    expect(walk.stops.length, report).toBeGreaterThanOrEqual(minStops);
    expect(walk.closed, `${report}\nthe focus did not come back round (a trap, or more stops than allowed)`).toBe(true);
    expect(walk.missed, `${report}\nnever reached by Tab`).toEqual([]);
    expect(walk.stops.filter((s) => !s.visibleIndicator || !s.onScreen).map((s) => s.name), report).toEqual([]);
  }

  it("Tab goes round the start view: every control, each with a visible focus", async () => {
    await page().getByRole("textbox", { name: "Message" }).waitFor();
    await page().evaluate(() => (globalThis as any).document.activeElement?.blur());
    const walk = await walkWithTab(page());
    expectGoodWalk("start view", walk, 8);
    const names = walk.stops.map((s) => s.name).join("\n");
    expect(names).toContain("New conversation");
    expect(names).toContain("Search conversations");
    expect(names).toContain("Settings");
    // Each seeded row's open button, and its rename and delete buttons once the row has the focus.
    expect(names).toMatch(/Rename “Conversation number/);
    expect(names).toMatch(/Delete “Conversation number/);
  });

  it("Tab goes round an open conversation with its message actions and a tool card", { timeout: 120_000 }, async () => {
    await chooseWorkFolder(win());
    e2e.session.model.control.script(
      { toolUses: [{ name: "read_file", input: { path: "notes.md" } }], text: "Let me read them." },
      { text: "Your notes say to buy milk." },
    );
    const { id, since } = await startConversation(win(), "What do my notes say?");
    openedId = id;
    await win().waitFor("run-ended", { id, stoppedBy: "end_turn" }, since);
    await page().locator(".message--assistant").getByText("Your notes say to buy milk.").waitFor();
    await page().evaluate(() => (globalThis as any).document.activeElement?.blur());
    const walk = await walkWithTab(page(), { maxStops: 160 });
    expectGoodWalk("open conversation", walk, 12);
    const names = walk.stops.map((s) => s.name).join("\n");
    expect(names).toContain("Read file");
    expect(names).toContain("Regenerate");
    expect(names).toContain("Edit");
    expect(names).toContain("Model");
    expect(names).toContain("Message");
  });

  it("Ctrl+K goes to the search field; Ctrl+N starts a new conversation", async () => {
    await page().locator(".message--assistant").first().click();
    await page().keyboard.press("Control+k");
    expect(await focused()).toEqual({ tag: "INPUT", label: "Search conversations" });
    // From the search field too, Ctrl+N opens a new conversation, its composer ready.
    await page().keyboard.press("Control+n");
    await page().getByRole("main", { name: "New conversation" }).waitFor();
    expect(await conversationRow(win(), openedId).locator("[aria-current=page]").count()).toBe(0);
    await page().keyboard.press("Control+k");
    expect((await focused()).label).toBe("Search conversations");
  });

  async function expectEscapeReturnsFocus(opener: () => Promise<void>, dialogName: RegExp | string, openerLabel: string, minStops: number) {
    await opener();
    const dialog = page().getByRole("dialog", { name: dialogName });
    await dialog.waitFor();
    try {
      const walk = await walkWithTab(page(), { scope: "dialog[open]", maxStops: 200 }); // Settings: every price field of every listed model is a stop
      expectGoodWalk(`dialog ${dialogName}`, walk, minStops);
      // A modal dialog keeps the focus inside.
      const inside = await page().evaluate(() => !!(globalThis as any).document.activeElement?.closest("dialog[open]"));
      expect(inside).toBe(true);
    } finally {
      await page().keyboard.press("Escape");
    }
    await dialog.waitFor({ state: "hidden" });
    const back = await focused();
    expect(back.label).toContain(openerLabel);
  }

  it("Settings by keyboard: Tab stays in the dialog, reaches every field, Escape closes it and the focus returns", async () => {
    await expectEscapeReturnsFocus(
      async () => {
        const settings = page().getByRole("button", { name: "Settings", exact: true });
        await settings.focus();
        await page().keyboard.press("Enter");
      },
      "Settings",
      "Settings",
      8,
    );
  });

  it("Export and import by keyboard: Escape closes it and the focus returns", async () => {
    await expectEscapeReturnsFocus(
      async () => {
        await page().getByRole("button", { name: "Export and import" }).focus();
        await page().keyboard.press("Enter");
      },
      /Export and import/,
      "Export and import",
      3,
    );
  });

  it("the delete confirmation by keyboard: Delete on a row asks, Cancel has the focus, Escape returns to the row", async () => {
    const row = conversationRow(win(), openedId);
    await row.locator("[data-row-focus]").focus();
    await expectEscapeReturnsFocus(
      async () => {
        await page().keyboard.press("Delete");
        await page().getByRole("dialog").getByRole("button", { name: "Cancel" }).waitFor();
        expect((await focused()).label).toBe("Cancel");
      },
      "Delete this conversation?",
      "What do my notes say?",
      2,
    );
    // Still there: Escape deleted nothing.
    expect(await row.count()).toBe(1);
  });
});
