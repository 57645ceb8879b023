/**
 * What a screen reader is told about a conversation, in Chromium through the test host:
 * scrolling a long conversation up (older pages put in front, rows mounted again) and down
 * again adds nothing to any live region; a reply that arrives is announced once, in the
 * window's one region for new messages, and the streamed words are not announced one by one.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { newMessagesRegion, startLiveRegionRecorder, takeLiveAdditions } from "./support/live-region-recorder";
import { seedConversations, type SeedResult } from "./support/seed-conversations";
import { conversationRow, scrollList, sendMessage } from "./support/window-actions";

const LONG_MESSAGES = 500;

describe("announcements of a conversation", () => {
  let seeded: SeedResult;
  const win = () => e2e.win;
  const page = () => e2e.page;
  const id = () => seeded.longId!;
  const scroller = () => page().locator(".conversation__scroller");

  const e2e = useAlpineSession({
    prepare: async (dataFolder) => {
      seeded = await seedConversations(dataFolder, { count: 1, longMessages: LONG_MESSAGES });
    },
  }, 120_000);

  it("the message column is no live region; the window has one for new messages", async () => {
    const since = await win().mark();
    await conversationRow(win(), id()).getByRole("button").first().click();
    await win().waitFor("conversation-opened", { id: id() }, since);
    await page().getByText(`Reply ${LONG_MESSAGES / 2}: here is`).waitFor();
    const column = page().locator(".conversation__column");
    expect(await column.getAttribute("aria-live")).toBeNull();
    expect(await column.getAttribute("role")).not.toBe("log");
    const region = await newMessagesRegion(page());
    expect(region.attributes).toMatchObject({ role: "log", "aria-live": "polite", "aria-relevant": "additions", "aria-label": "New messages" });
    // Opening a conversation announces none of its old messages.
    expect(region.lines).toEqual([]);
  });

  it("scrolling up through older pages and down again announces nothing", async () => {
    await startLiveRegionRecorder(page());
    let firstSeq: number = (await win().events("conversation-opened")).at(-1)!.detail.firstSeq;
    expect(firstSeq).toBeGreaterThan(0);
    while (firstSeq > 0) {
      const mark = await win().mark();
      await scrollList(scroller(), "top");
      firstSeq = (await win().waitFor("earlier-loaded", { id: id() }, mark)).detail.firstSeq;
      await win().waitFor("earlier-shown", { id: id() }, mark);
    }
    await scrollList(scroller(), "top");
    await page().getByText("Reply 1: let us begin.").waitFor();
    // Down again, a screen at a time: the windowed list mounts the rows it had let go.
    for (let step = 0; step < 40; step++) {
      const atEnd = await scroller().evaluate((el: any) => {
        el.scrollTop += el.clientHeight;
        return el.scrollHeight - el.scrollTop - el.clientHeight < 2;
      });
      await page().evaluate(() => new Promise((resolve) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(resolve))));
      if (atEnd) break;
    }
    await scroller().evaluate((el: any) => (el.scrollTop = el.scrollHeight));
    await page().getByText(`Reply ${LONG_MESSAGES / 2}: here is`).waitFor();
    expect(await takeLiveAdditions(page())).toEqual([]);
    expect(await win().events("message-announced")).toEqual([]);
    expect((await newMessagesRegion(page())).lines).toEqual([]);
  });

  it("a reply that arrives is announced once, whole, and not word by word", async () => {
    await takeLiveAdditions(page());
    const reply = "The lake is at its warmest in August, around twenty degrees.";
    await e2e.session.model.control.script({ text: reply, chunks: 12, delayMs: 40 });
    const since = await sendMessage(win(), "When is the lake warmest?");
    await win().waitFor("run-ended", { id: id() }, since);
    await page().getByText(reply).waitFor();
    await win().waitFor("conversation-updated", { id: id(), stoppedBy: "end_turn" }, since);

    // Said once, whole, in the region for new messages; the streamed words went to no live region.
    expect((await newMessagesRegion(page())).lines).toEqual([`Alpine: ${reply}`]);
    const announced = await win().events("message-announced", since);
    expect(announced.map((e) => [e.detail.id, e.detail.text])).toEqual([[id(), `Alpine: ${reply}`]]);
    const additions = await takeLiveAdditions(page());
    expect(additions.filter((a) => /lake|August|warmest/.test(a.text))).toEqual([]);

    // Scrolling away and back does not announce it again.
    await scrollList(scroller(), -3 * (await scroller().evaluate((el: any) => el.clientHeight as number)));
    await page().evaluate(() => new Promise((resolve) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(resolve))));
    await scroller().evaluate((el: any) => (el.scrollTop = el.scrollHeight));
    await page().getByText(reply).waitFor();
    expect(await takeLiveAdditions(page())).toEqual([]);
    expect((await newMessagesRegion(page())).lines).toEqual([`Alpine: ${reply}`]);
    expect(await win().events("message-announced", since)).toHaveLength(1);
  });
});
