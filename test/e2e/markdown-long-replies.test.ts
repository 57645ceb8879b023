/**
 * Long replies as the window shows them, in Chromium through the test host. A long code block's
 * lines come in groups that the browser lays out only when they are in view (putting a 200 KB
 * block in the page at the run's end must not lay out all of it), and it still scrolls sideways
 * to its longest line. When a long reply ends, its saved reply is the streamed elements, kept as
 * they are; a reply that ended unsaved, or a long one that leaves the view's range, is taken down
 * a few blocks per frame, not all at once.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { scrollList, sendMessage, startConversation } from "./support/window-actions";

const LINES = 1_280;
const WIDE = `const wide = "${"w".repeat(400)}";`;
const CODE = Array.from({ length: LINES }, (_, i) => (i === LINES - 3 ? WIDE : `const line${i} = await store.write(${i});`)).join("\n");

describe("long replies", () => {
  const e2e = useAlpineSession({}, undefined, { noCspRefusals: true });
  const win = () => e2e.win;
  const page = () => e2e.page;

  it("lays out only the groups of lines in view, and scrolls sideways to its longest line", async () => {
    // Whether each group of lines is skipped (laid out or not), as the browser last said.
    await page().evaluate(() => {
      const states = new Map<unknown, boolean>();
      (globalThis as any).__groupStates = states;
      (globalThis as any).document.addEventListener("contentvisibilityautostatechange", (e: any) => states.set(e.target, e.skipped), true);
    });
    e2e.session.model.control.script({ text: `Here it is:\n\n\`\`\`ts\n${CODE}\n\`\`\`\n\nThat is all.`, chunks: 300, delayMs: 2 });
    const { id, since } = await startConversation(win(), "Write a long file");
    await win().waitFor("run-ended", { id }, since);
    const answer = page().locator(".message--assistant").last();
    await answer.getByText("That is all.", { exact: true }).waitFor();
    await answer.locator(".markdown:not([aria-busy])").waitFor();
    await page().evaluate(() => new Promise((resolve) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(resolve))));

    const groups = answer.locator(".code-block__lines");
    expect(await groups.count()).toBe(Math.ceil(LINES / 64));
    expect((await answer.locator(".code-block code").textContent())?.split("\n").length).toBe(LINES + 1);
    const { laidOut, skipped } = await groups.evaluateAll((elements) => {
      const states: Map<unknown, boolean> = (globalThis as any).__groupStates;
      return {
        laidOut: elements.filter((e) => states.get(e) === false).length,
        skipped: elements.filter((e) => states.get(e) === true).length,
      };
    });
    // The window is 800 px high: a group of 64 lines is about 1,270 px, so at most a few are in view.
    expect(laidOut).toBeGreaterThan(0);
    expect(laidOut).toBeLessThanOrEqual(3);
    expect(skipped).toBe(Math.ceil(LINES / 64) - laidOut);

    const pre = answer.locator(".code-block pre");
    const widths = await pre.evaluate((element: any) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client + 1_000);
  });

  /** Records the blocks inside what each batch of changes to the page removes, in `__removedBlocks`. */
  async function countRemovedBlocks(): Promise<void> {
    await page().evaluate(() => {
      const removed: number[] = [];
      (globalThis as any).__removedBlocks = removed;
      new (globalThis as any).MutationObserver((records: any[]) => {
        let blocks = 0;
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node.nodeType !== 1) continue;
            blocks += (node.matches(".markdown__block") ? 1 : 0) + node.querySelectorAll(".markdown__block").length;
          }
        }
        if (blocks > 0) removed.push(blocks);
      }).observe((globalThis as any).document.body, { childList: true, subtree: true });
    });
  }
  const removedBlocks = (): Promise<number[]> => page().evaluate(() => (globalThis as any).__removedBlocks);
  const paragraphs = (n: number, word = "Paragraph") => Array.from({ length: n }, (_, i) => `${word} ${i}, with a few *words* in it.`).join("\n\n");

  it("keeps a long streamed reply's elements as its saved reply: none is made again or taken down", async () => {
    // Held after 250 of 300 pieces: the streamed elements are marked while the reply is certainly not finished.
    e2e.session.model.control.script({ text: `${paragraphs(400)}\n\nThe very end.`, chunks: 300, delayMs: 5, holdAfter: 250 });
    const since = await sendMessage(win(), "Write four hundred paragraphs");
    const streaming = page().locator(".message--streaming");
    await streaming.getByText("Paragraph 300,", { exact: false }).waitFor();
    const marked: number = await streaming.evaluate((message: any) => {
      const blocks = [...message.querySelectorAll(".markdown__block")];
      for (const block of blocks) block.__streamed = true;
      (globalThis as any).__streamedBlocks = blocks;
      return blocks.length;
    });
    expect(marked).toBeGreaterThan(300);
    expect(await e2e.session.model.control.release()).toBe(1);
    await win().waitFor("run-ended", {}, since);
    const answer = page().locator(".message--assistant[data-seq]").last();
    await answer.getByText("The very end.", { exact: true }).waitFor();
    await answer.locator(".markdown:not([aria-busy])").waitFor();
    expect(await page().locator(".message--streaming, .conversation__row--leaving").count()).toBe(0);

    // Every block marked while streaming is in the saved reply (the part still growing when marked may have been made again).
    const kept: number = await answer.evaluate((message: any) => ((globalThis as any).__streamedBlocks as any[]).filter((block) => message.contains(block)).length);
    expect(kept).toBeGreaterThanOrEqual(marked - 1);
    expect(await answer.locator(".markdown__block").count()).toBeGreaterThanOrEqual(400);
  });

  it("takes a long reply that leaves the view's range down a few blocks per frame, and shows it again on the way back", async () => {
    // The four hundred paragraphs of the reply before, laid out as they streamed, at the end of this conversation.
    const scroller = page().locator(".conversation__scroller");
    await page().getByText("Paragraph 399,", { exact: false }).waitFor();
    await countRemovedBlocks();
    // To the start: the long code reply is there, the paragraphs far below the view.
    await scrollList(scroller, "top");
    await page().waitForFunction(() => {
      const document = (globalThis as any).document;
      return document.querySelectorAll(".conversation__row--leaving").length === 0 && !document.body.textContent.includes("Paragraph 399,");
    });
    const removed = await removedBlocks();
    expect(removed.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(2 * 64);
    expect(Math.max(...removed)).toBeLessThanOrEqual(64);

    await scrollList(scroller, "end");
    const answer = page().locator(".message--assistant[data-seq]").last();
    await answer.getByText("The very end.", { exact: true }).waitFor();
    await answer.getByText("Paragraph 0,", { exact: false }).waitFor({ state: "attached" });
  });

  it("takes a long reply that ended unsaved down a few blocks per frame", async () => {
    const error = { type: "invalid_request_error", message: "The stream broke off." };
    e2e.session.model.control.script({ streamError: error, afterText: `${paragraphs(400, "Line")}\n\n`, chunks: 300, delayMs: 5, holdAfter: 250 });
    // A conversation of its own: the long replies above would leave the page as it scrolls.
    const { since } = await startConversation(win(), "Write four hundred paragraphs, then fail");
    await countRemovedBlocks();
    await page().locator(".message--streaming").getByText("Line 300,", { exact: false }).waitFor();
    expect(await e2e.session.model.control.release()).toBe(1);
    await win().waitFor("run-ended", {}, since);
    // Until the streamed elements are gone, what is left of them is hidden from sight and from assistive technology.
    await page().waitForFunction(() => (globalThis as any).document.querySelectorAll(".conversation__row--leaving, .message--streaming").length === 0);
    // Not saved: an error cuts a reply off without keeping it (an abort keeps it, marked stopped).
    expect(await page().locator(".message--assistant").filter({ hasText: "Line 0," }).count()).toBe(0);
    await page().locator("[data-error-name]").last().waitFor();

    const removed = await removedBlocks();
    // The streamed reply held well over a frame's share of blocks, and no change removed more.
    expect(removed.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(2 * 64);
    expect(Math.max(...removed)).toBeLessThanOrEqual(64);
  });
});
