/**
 * The message list of a long conversation is windowed: only the rows near the view are in
 * the page, however many older pages have been loaded; the rows being read stay in place
 * as pages are put in front; a streamed reply renders itself and nothing else; the view
 * follows the reply only while the person is at the end.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { DEFAULT_PAGE_ENTRIES } from "../../src/shared/ipc-contract";
import { seedConversations, type SeedResult } from "./support/seed-conversations";
import { conversationRow, scrollList, sendMessage } from "./support/window-actions";

const LONG_MESSAGES = 1_200;
/** However long the history, the page holds the rows of about two screens. */
const MAX_ROWS_IN_PAGE = 60;

describe("the message list of a long conversation", () => {
  let seeded: SeedResult;
  const win = () => e2e.win;
  const page = () => e2e.page;
  const id = () => seeded.longId!;
  const rows = () => page().locator(".conversation__row[data-key]");
  const scroller = () => page().locator(".conversation__scroller");
  /** The view reaches the end of the conversation (rows just added settle within a frame or two). */
  // A list that stopped following never reaches the end again, however long one waits; the
  // time allowed is for slow frames (the throttled test below, on a busy machine).
  const followedToEnd = () =>
    page().waitForFunction(() => {
      const el = (globalThis as any).document.querySelector(".conversation__scroller");
      return el.scrollHeight - el.scrollTop - el.clientHeight < 2;
    }, undefined, { polling: "raf", timeout: 20_000 });

  const e2e = useAlpineSession({
    prepare: async (dataFolder) => {
      seeded = await seedConversations(dataFolder, { count: 1, longMessages: LONG_MESSAGES });
    },
  }, 120_000);

  /** Opens the long conversation and waits until its first rows are laid out and in place (rows come and go until then). */
  async function openLong(): Promise<void> {
    const since = await win().mark();
    await conversationRow(win(), id()).getByRole("button").first().click();
    await win().waitFor("conversation-opened", { id: id() }, since);
    await win().waitFor("conversation-shown", { id: id() }, since);
    await page().getByText(`Reply ${LONG_MESSAGES / 2}: here is`).waitFor();
  }

  it("keeps only the rows near the view in the page while every older page loads, and holds the rows being read in place", async () => {
    await openLong();
    expect(await rows().count()).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
    const opened = (await win().events("conversation-opened")).at(-1)!;
    let firstSeq: number = opened.detail.firstSeq;

    while (firstSeq > 0) {
      // At the top of the loaded rows, the first one sits just below the space above the rows.
      const above = await page().locator(".conversation__start").evaluate((el: any) => el.getBoundingClientRect().height as number);
      const mark = await win().mark();
      await scrollList(scroller(), "top");
      const loaded = await win().waitFor("earlier-loaded", { id: id() }, mark);
      await win().waitFor("earlier-shown", { id: id() }, mark);
      expect(loaded.detail.firstSeq).toBe(Math.max(0, firstSeq - DEFAULT_PAGE_ENTRIES));

      // The page went in front; the row that was first has not moved.
      const offset = await page()
        .locator(`.conversation__row[data-seq="${firstSeq}"]`)
        .first()
        .evaluate((row: any) => row.getBoundingClientRect().top - row.closest(".conversation__scroller").getBoundingClientRect().top);
      expect(Math.abs(offset - above)).toBeLessThanOrEqual(2);
      expect(await rows().count()).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
      firstSeq = loaded.detail.firstSeq;
    }

    // All 1,200 entries are loaded; the page still holds a screenful or two, and the very first reply is at the top.
    await scrollList(scroller(), "top");
    await page().getByText("Reply 1: let us begin.").waitFor();
    expect(await rows().count()).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
    expect(await page().getByRole("button", { name: /earlier messages/ }).count()).toBe(0);
  });

  it("puts each row in the page once while the conversation opens: none is taken out and put back as rows are measured", async () => {
    await page().getByRole("button", { name: "New conversation" }).click();
    // Rows are measured while the view is not yet at the end, their Markdown off screen and
    // at its guessed height: a guess far from the text's (a reply of three lines kept 280 px
    // high) had the rows in the page change twice, rows taken out and put back.
    await page().evaluate(() => {
      const g = globalThis as any;
      g.__rowChanges = [];
      g.__rowWatch = new g.MutationObserver((records: any[]) => {
        for (const record of records) {
          for (const node of record.removedNodes) if (node.dataset?.key) g.__rowChanges.push(`-${node.dataset.key}`);
          for (const node of record.addedNodes) if (node.dataset?.key) g.__rowChanges.push(`+${node.dataset.key}`);
        }
      });
      g.__rowWatch.observe(g.document.body, { childList: true, subtree: true });
    });
    await openLong();
    // The watch ends with the opening: the tests after this one stream into the same page.
    const changes: string[] = await page().evaluate(() => {
      const g = globalThis as any;
      g.__rowWatch.disconnect();
      return g.__rowChanges;
    });
    expect(changes.filter((change) => change.startsWith("-"))).toEqual([]);
    expect(await rows().count()).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
  });

  it("renders a streamed reply on its own: the rows already in the page are not rendered again", async () => {
    await page().getByRole("button", { name: "New conversation" }).click();
    await openLong();
    const shown: string[] = await rows().evaluateAll((elements: any[]) => elements.map((row) => row.getAttribute("data-key")));
    expect(shown.length).toBeGreaterThan(0);
    await page().evaluate(() => (globalThis as any).__alpineRenderProbe.start());

    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    await e2e.session.model.control.script({ text: `Here is more.\n\n${words}\n\nThe end.`, chunks: 60, delayMs: 50 });
    const since = await sendMessage(win(), "Tell me more, at length.");
    await win().waitFor("run-ended", { id: id() }, since);
    await page().getByText("The end.").waitFor();

    const counts: Record<string, number> = await page().evaluate(() => (globalThis as any).__alpineRenderProbe.counts);
    const streamed = (await win().events("stream-rendered", since)).filter((e) => e.detail.id === id());
    expect(streamed.length).toBeGreaterThanOrEqual(2);
    expect(counts["streaming-reply"]).toBeGreaterThanOrEqual(streamed.length);
    for (const key of shown) expect(counts[`row:${key}`] ?? 0, `renders of row ${key}`).toBe(0);
    // The list renders for the run's own changes (a new entry, the run starting and ending), not for each streamed word.
    expect(counts["message-list"] ?? 0).toBeLessThan(streamed.length);
    // The person was at the end: the view followed the reply.
    await followedToEnd();
  });

  it("follows to the end when a run ends right after its last words, under a slow page", async () => {
    // Slow frames, as under load: the run's end (the saved reply and its usage row in place of
    // the streamed one) lands between the list's follow and that scroll's own event.
    const cdp = await page().context().newCDPSession(page());
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    try {
      for (let i = 0; i < 4; i++) {
        const lines = Array.from({ length: 12 }, (_, n) => `- point ${n} of reply ${i}`).join("\n");
        await e2e.session.model.control.script({ text: `Reply ${i} in full.\n\n${lines}\n\nDone ${i}.`, chunks: 6, delayMs: 5 });
        const since = await sendMessage(win(), `Once more, ${i}.`);
        await win().waitFor("run-ended", { id: id() }, since);
        await page().getByText(`Done ${i}.`).waitFor();
        await followedToEnd();
      }
    } finally {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await cdp.detach();
    }
  }, 120_000);

  it("stays where the person scrolled to while a reply streams below, until they jump to the latest", async () => {
    await scrollList(scroller(), -900);
    const jump = page().getByRole("button", { name: "Jump to latest" });
    await jump.waitFor();
    const before = await scroller().evaluate((el: any) => el.scrollTop as number);

    await e2e.session.model.control.script({ text: "A reply the person is not watching yet.", chunks: 12, delayMs: 30 });
    const since = await sendMessage(win(), "And once more.");
    await win().waitFor("run-ended", { id: id() }, since);
    expect(Math.abs((await scroller().evaluate((el: any) => el.scrollTop as number)) - before)).toBeLessThanOrEqual(2);

    await jump.click();
    await jump.waitFor({ state: "hidden" });
    await followedToEnd();
    await page().getByText("A reply the person is not watching yet.").waitFor();
  });
});
