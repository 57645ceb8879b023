/**
 * Arabic end to end, with the browser's language Arabic (the test host's "system"): the window is
 * mirrored from its first screen, the keyboard walk visits the controls of each row right to
 * left, and axe finds no serious or critical issue in any view. The views are set up in an
 * English window (a reply with a tool card, a run waiting for an approval), then opened in a
 * window whose browser speaks Arabic. The language choice in Settings and its relaunch are
 * language.test.ts's.
 */
import { describe, expect, it } from "vitest";
import { AppWindow } from "./support/app-window";
import { auditInBothThemes } from "./support/axe-audit";
import { useAlpineSession } from "./support/file-session";
import { chooseWorkFolder, sendMessage, startConversation } from "./support/window-actions";

interface Stop {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Presses Tab `count` times and records each focused control's box. */
async function tabStops(win: AppWindow, count: number): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < count; i++) {
    await win.page.keyboard.press("Tab");
    const stop = (await win.page.evaluate(`(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      return { name: el.tagName.toLowerCase() + " " + (el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 30), left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    })()`)) as Stop | null;
    if (stop && stop.right - stop.left > 0) stops.push(stop);
  }
  return stops;
}

/** Two stops side by side on one row: their boxes share most of their height. */
const sameRow = (a: Stop, b: Stop) => Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5 * Math.min(a.bottom - a.top, b.bottom - b.top);

/** Each step of the walk within a row that goes left to right (against Arabic's reading direction). */
function againstReading(stops: Stop[]): string[] {
  const found: string[] = [];
  for (let i = 1; i < stops.length; i++) {
    const [before, now] = [stops[i - 1]!, stops[i]!];
    if (sameRow(before, now) && now.left + now.right > before.left + before.right + 2) found.push(`${before.name} → ${now.name}`);
  }
  return found;
}

describe("Arabic: mirrored, walked right to left, 0 serious or critical axe issues", () => {
  const e2e = useAlpineSession();
  let arabic: AppWindow;
  const page = () => arabic.page;

  async function audit(view: string): Promise<void> {
    const report = await auditInBothThemes(page(), view);
    await arabic.screenshotBothThemes(`arabic-${view}`);
    expect.soft(report).toBe("");
  }

  it("sets up the views, then a window whose browser speaks Arabic starts mirrored", { timeout: 120_000 }, async () => {
    const win = e2e.win;
    await chooseWorkFolder(win);
    e2e.session.model.control.script(
      { toolUses: [{ name: "read_file", input: { path: "notes.md" } }], text: "Let me read your notes." },
      { text: "Your notes say to **buy milk**." },
    );
    const { id, since } = await startConversation(win, "What do my notes say?");
    await win.waitFor("run-ended", { id }, since);
    e2e.session.model.control.script({ toolUses: [{ name: "write_file", input: { path: "todo.txt", content: "feed the cat\n" } }], text: "Adding it." });
    await win.page.getByRole("button", { name: "New conversation" }).click();
    const asked = await sendMessage(win, "Add the cat to my list");
    await win.waitFor("ask-shown", {}, asked);

    arabic = await AppWindow.open(e2e.session.browser, e2e.session.host.url, { locale: "ar" });
    expect(await page().locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page().locator("html").getAttribute("lang")).toBe("ar");
    const sidebar = (await page().locator(".sidebar").boundingBox())!;
    const pane = (await page().locator("main.pane").boundingBox())!;
    expect(sidebar.x).toBeGreaterThanOrEqual(pane.x + pane.width - 1);
    // A title the person wrote in Latin letters reads left to right inside the mirrored row and
    // header: its question mark stays at its end ("What do my notes say?", not "?What do…").
    const titles = page().locator(".conversation-row__title bdi, .pane__title bdi");
    await titles.first().waitFor();
    const directions = await titles.evaluateAll((elements) => elements.map((element) => (globalThis as any).getComputedStyle(element).direction as string));
    expect(directions.length).toBeGreaterThanOrEqual(3);
    expect(new Set(directions)).toEqual(new Set(["ltr"]));
  });

  it("the keyboard walk visits each row's controls right to left", async () => {
    await page().locator(".conversation-row").nth(1).locator("[data-row-focus]").click();
    await page().locator(".message--assistant", { hasText: "buy milk" }).waitFor();
    await page().locator("body").evaluate((body: any) => body.ownerDocument.activeElement?.blur());
    const stops = await tabStops(arabic, 40);
    // The walk met rows of several controls (the sidebar's top, the pane's header, message actions, the composer).
    const pairs = stops.slice(1).filter((stop, i) => sameRow(stops[i]!, stop)).length;
    expect(pairs).toBeGreaterThan(3);
    expect(againstReading(stops)).toEqual([]);
  });

  it("axe: the conversation with a reply and a tool card", async () => {
    await page().locator(".tool-card__head").first().click();
    await audit("conversation");
  });

  it("axe: a tool's approval", async () => {
    await page().locator(".conversation-row").nth(0).locator("[data-row-focus]").click();
    await page().locator("section.ask").waitFor();
    await audit("approval");
  });

  it("axe: Settings, Export and import, the delete confirmation", async () => {
    await page().locator(".sidebar__settings").nth(1).click();
    await page().locator("dialog.dialog--settings").waitFor();
    await audit("settings");
    await page().keyboard.press("Escape");
    await page().locator("dialog[open]").waitFor({ state: "hidden" });
    await page().locator(".sidebar__settings").nth(0).click();
    await page().locator("dialog[open]").waitFor();
    await audit("transfer");
    await page().keyboard.press("Escape");
    await page().locator("dialog[open]").waitFor({ state: "hidden" });
    await page().locator(".conversation-row").nth(1).locator("[data-row-focus]").focus();
    await page().keyboard.press("Delete");
    await page().locator("dialog.dialog--confirm[open]").waitFor();
    await audit("confirm");
    await page().keyboard.press("Escape");
    await arabic.close();
  });
});
