/**
 * Ten thousand conversations and one of five thousand messages, saved by the library in
 * a real database: the sidebar keeps only the visible rows in the page and loads the
 * others page by page as it scrolls; the long conversation opens with its newest entries
 * only and loads earlier pages as the person scrolls up.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { DEFAULT_PAGE_ENTRIES, DEFAULT_TAIL_ENTRIES } from "../../src/shared/ipc-contract";
import { seedConversations, type SeedResult } from "./support/seed-conversations";
import { conversationRow, scrollList } from "./support/window-actions";

const CONVERSATIONS = 10_000;
const LONG_MESSAGES = 5_000;

describe("a window with a lot of history", () => {
  let seeded: SeedResult;
  const win = () => e2e.win;
  const page = () => e2e.page;

  const e2e = useAlpineSession({
    prepare: async (dataFolder) => {
      seeded = await seedConversations(dataFolder, { count: CONVERSATIONS, longMessages: LONG_MESSAGES });
    },
  }, 120_000);

  it("lists 10,001 conversations with only the visible rows in the page, and scrolls to the oldest", async () => {
    const first = await win().waitFor("list-rendered", { total: CONVERSATIONS + 1 });
    expect(first.detail.ids).toContain(seeded.longId);
    const rows = page().locator(".virtual-list__row");
    expect(await rows.count()).toBeLessThan(40);
    expect(await page().locator(".virtual-list__space").evaluate((el) => (el as any).getBoundingClientRect().height)).toBeGreaterThan(
      CONVERSATIONS * 30,
    );

    // Jump to the end: the last page is fetched and the oldest conversation shows.
    const since = await win().mark();
    await page().locator(".virtual-list").evaluate((el: any) => (el.scrollTop = el.scrollHeight));
    const last = page().locator(`.virtual-list__row[aria-posinset="${CONVERSATIONS + 1}"] .conversation-row[data-conversation-id]`);
    await last.waitFor();
    expect(await last.locator(".conversation-row__title").textContent()).toMatch(/^Conversation number \d+$/);
    const atEnd = await win().waitFor("list-rendered", {}, since);
    expect(atEnd.detail.total).toBe(CONVERSATIONS + 1);
    expect(await rows.count()).toBeLessThan(40);

    // Keyboard: Home goes back to the newest row, ArrowDown to the next.
    await last.getByRole("button").first().focus();
    await page().keyboard.press("Home");
    await page().locator('.virtual-list__row[aria-posinset="1"] [data-row-focus]').waitFor();
    await page().waitForFunction(() => (globalThis as any).document.activeElement?.closest("[aria-posinset]")?.getAttribute("aria-posinset") === "1");
    await page().keyboard.press("ArrowDown");
    const focused = await page().evaluate(() => (globalThis as any).document.activeElement?.closest("[aria-posinset]")?.getAttribute("aria-posinset"));
    expect(focused).toBe("2");
  });

  it("searches ten thousand conversations as you type", async () => {
    const since = await win().mark();
    await page().getByRole("searchbox", { name: "Search conversations" }).fill("number 4321");
    const found = await win().waitFor("list-rendered", { query: "number 4321" }, since);
    expect(found.detail.titles).toContain("Conversation number 4321");
    await page().getByRole("button", { name: "Clear search" }).click();
    await win().waitFor("list-rendered", { query: "", total: CONVERSATIONS + 1 }, since);
  });

  it("opens a conversation of 5,000 messages with only its newest entries, and loads earlier ones as the person scrolls up", async () => {
    const since = await win().mark();
    const started = Date.now();
    await conversationRow(win(), seeded.longId!).getByRole("button").first().click();
    const opened = await win().waitFor("conversation-opened", { id: seeded.longId }, since);
    await page().getByText(`Reply ${LONG_MESSAGES / 2}: here is`).waitFor();
    console.log(`opened a conversation of ${LONG_MESSAGES} messages in ${Date.now() - started} ms`);
    // The first response carries the newest entries only.
    expect(opened.detail.totalEntries).toBe(LONG_MESSAGES);
    expect(opened.detail.entries).toBeGreaterThan(0);
    expect(opened.detail.entries).toBeLessThanOrEqual(DEFAULT_TAIL_ENTRIES);
    expect(opened.detail.firstSeq).toBe(LONG_MESSAGES - opened.detail.entries);

    await win().screenshotBothThemes("long-history");
    // Only the rows near the view are in the page (message-list.test.ts checks that in depth).
    const rows = page().locator(".conversation__row");
    expect(await rows.count()).toBeLessThanOrEqual(60);

    // Scrolling to the top of the loaded rows loads the page before them; the row that was
    // first stays where it was, just below the button.
    const above = await page().locator(".conversation__start").evaluate((el: any) => el.getBoundingClientRect().height as number);
    let mark = await win().mark();
    await scrollList(page().locator(".conversation__scroller"), "top");
    const loaded = await win().waitFor("earlier-loaded", { id: seeded.longId }, mark);
    await win().waitFor("earlier-shown", { id: seeded.longId }, mark);
    expect(loaded.detail).toMatchObject({ id: seeded.longId, added: DEFAULT_PAGE_ENTRIES, firstSeq: LONG_MESSAGES - DEFAULT_TAIL_ENTRIES - DEFAULT_PAGE_ENTRIES });
    const firstRow = page().locator(`.conversation__row[data-seq="${opened.detail.firstSeq}"]`).first();
    const offset = await firstRow.evaluate((row: any) => row.getBoundingClientRect().top - row.closest(".conversation__scroller").getBoundingClientRect().top);
    expect(Math.abs(offset - above)).toBeLessThanOrEqual(2);
    // The rows of the older page are in the page above it, joined up with the newer ones.
    const lastOfOlderPage = LONG_MESSAGES - DEFAULT_TAIL_ENTRIES - 1; // a reply: seq 2n - 1 is "Reply n"
    expect(await page().locator(`.conversation__row[data-seq="${lastOfOlderPage}"]`).textContent()).toContain(`Reply ${(lastOfOlderPage + 1) / 2}: here is`);

    // The button loads the page before that one (a DOM click: the page is not scrolled to it first).
    mark = await win().mark();
    await page().getByRole("button", { name: "Show earlier messages" }).dispatchEvent("click");
    const again = await win().waitFor("earlier-loaded", { id: seeded.longId }, mark);
    await win().waitFor("earlier-shown", { id: seeded.longId }, mark);
    expect(again.detail).toMatchObject({ added: DEFAULT_PAGE_ENTRIES, firstSeq: LONG_MESSAGES - DEFAULT_TAIL_ENTRIES - 2 * DEFAULT_PAGE_ENTRIES });
    expect(await rows.count()).toBeLessThanOrEqual(60);
  });
});
