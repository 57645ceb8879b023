/**
 * Long replies as the window shows them, in Chromium through the test host. A long code block's
 * lines come in groups that the browser lays out only when they are in view (putting a 200 KB
 * block in the page at the run's end must not lay out all of it), and it still scrolls sideways
 * to its longest line. When a long reply ends, its streamed elements are taken down a few
 * blocks per frame, not all in the frame that shows the saved reply.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { sendMessage, startConversation } from "./support/window-actions";

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

  it("takes a long streamed reply down a few blocks per frame once its saved reply is shown", async () => {
    // The blocks inside what each batch of changes to the page removed.
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
    const paragraphs = Array.from({ length: 400 }, (_, i) => `Paragraph ${i}, with a few *words* in it.`);
    e2e.session.model.control.script({ text: `${paragraphs.join("\n\n")}\n\nThe very end.`, chunks: 300, delayMs: 5 });
    const since = await sendMessage(win(), "Write four hundred paragraphs");
    await win().waitFor("run-ended", {}, since);
    const answer = page().locator(".message--assistant").last();
    await answer.getByText("The very end.", { exact: true }).waitFor();
    await answer.locator(".markdown:not([aria-busy])").waitFor();
    // Until the streamed elements are gone, what is left of them is hidden from sight and from assistive technology.
    await page().waitForFunction(() => (globalThis as any).document.querySelectorAll(".conversation__row--leaving, .message--streaming").length === 0);
    expect(await page().locator(".message--assistant").filter({ hasText: "Paragraph 0," }).count()).toBe(1);

    const removed: number[] = await page().evaluate(() => (globalThis as any).__removedBlocks);
    const total = removed.reduce((sum, n) => sum + n, 0);
    // The streamed reply held well over a frame's share of blocks (the window may still have been
    // taking in the last ones when it ended: see settled-blocks.ts), and no change removed more.
    expect(total).toBeGreaterThan(2 * 64);
    expect(Math.max(...removed)).toBeLessThanOrEqual(64);
  });
});
