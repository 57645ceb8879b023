/**
 * A long reply's blocks come in groups that the browser skips while they are off screen, in
 * Chromium through the test host: a frame then watches and walks a group of blocks, not each
 * block of a reply of hundreds. Grouped, the blocks are spaced and a long table's pieces join
 * exactly as they do inside a group.
 */
import { describe, expect, it } from "vitest";
import { GROUP_BLOCKS } from "../../src/renderer/src/markdown/block-groups";
import { useAlpineSession } from "./support/file-session";
import { startConversation } from "./support/window-actions";

const PARAGRAPHS = Array.from({ length: 200 }, (_, i) => `Paragraph ${i}, with a few *words* in it.`).join("\n\n");
const TABLE = `| Name | Value | Note |\n|---|---:|---|\n${Array.from({ length: 300 }, (_, i) => `| row ${i} | ${i} | some words |`).join("\n")}`;

describe("a long reply's blocks in groups", () => {
  const e2e = useAlpineSession({}, undefined, { noCspRefusals: true });
  const page = () => e2e.page;

  it("has one box the browser may skip per group of blocks, not one per block, and skips those off screen", async () => {
    await page().evaluate(() => {
      const skipped = new Set<unknown>();
      (globalThis as any).__skipped = skipped;
      (globalThis as any).document.addEventListener("contentvisibilityautostatechange", (e: any) => e.skipped && skipped.add(e.target), true);
    });
    e2e.session.model.control.script({ text: `${PARAGRAPHS}\n\n${TABLE}\n\nThe very end.`, chunks: 200, delayMs: 2 });
    const { id, since } = await startConversation(e2e.win, "Write two hundred paragraphs and a long table");
    await e2e.win.waitFor("run-ended", { id }, since);
    const answer = page().locator(".message--assistant[data-seq]").last();
    await answer.getByText("The very end.", { exact: true }).waitFor();

    const { blocks, skippable, skipped } = await answer.evaluate((message: any) => {
      const all = [...message.querySelectorAll("*")];
      const style = (element: any) => (globalThis as any).getComputedStyle(element);
      return {
        blocks: message.querySelectorAll(".markdown__block").length,
        skippable: all.filter((element) => style(element).contentVisibility === "auto").length,
        skipped: all.filter((element) => (globalThis as any).__skipped.has(element)).length,
      };
    });
    expect(blocks).toBeGreaterThan(210);
    expect(skippable).toBeLessThanOrEqual(Math.ceil(blocks / GROUP_BLOCKS));
    expect(skipped).toBeGreaterThan(0);
  });

  it("spaces paragraphs and joins a table's pieces across groups as inside one", async () => {
    const answer = page().locator(".message--assistant[data-seq]").last();
    // Each pair of neighbouring blocks, scrolled into view: the gap between the last line (or row) of one and the first of the next.
    const gaps: { across: boolean; table: boolean; paragraphs: boolean; gap: number; shown: boolean }[] = await answer.evaluate(async (message: any) => {
      const window = globalThis as any;
      const frame = () => new Promise((resolve) => window.requestAnimationFrame(resolve));
      const last = (block: any) => block.querySelector("tbody tr:last-child") ?? block.lastElementChild;
      const first = (block: any) => block.querySelector("tbody tr") ?? block.firstElementChild;
      const blocks = [...message.querySelectorAll(".markdown__block")];
      const pairs = [];
      for (let at = 0; at + 1 < blocks.length; at++) {
        const [above, below] = [blocks[at], blocks[at + 1]];
        below.scrollIntoView({ block: "center" });
        for (let tries = 0; tries < 20 && (last(above).getBoundingClientRect().height === 0 || first(below).getBoundingClientRect().height === 0); tries++) await frame();
        const top = first(below).getBoundingClientRect();
        pairs.push({
          across: above.parentElement !== below.parentElement,
          table: below.classList.contains("markdown__table-rest"),
          paragraphs: above.firstElementChild.tagName === "P" && below.firstElementChild.tagName === "P",
          gap: top.top - last(above).getBoundingClientRect().bottom,
          // Drawn and hit where it lies, its top too (a group's box clips what it holds).
          shown: below.contains(window.document.elementFromPoint(top.left + 4, top.top + 2)),
        });
      }
      return pairs;
    });
    // Paragraph after paragraph, and a table's piece after the one above (a paragraph before a table is spaced otherwise).
    const kinds = (table: boolean) => gaps.filter((pair) => (table ? pair.table : pair.paragraphs));
    for (const table of [false, true]) {
      const inside = kinds(table).filter((pair) => !pair.across);
      const across = kinds(table).filter((pair) => pair.across);
      expect(inside.length).toBeGreaterThan(0);
      expect(across.length).toBeGreaterThan(0);
      for (const pair of across) expect(pair.gap).toBeCloseTo(inside[0].gap, 0);
      for (const pair of inside) expect(pair.gap).toBeCloseTo(inside[0].gap, 0);
    }
    expect(gaps.filter((pair) => pair.table || pair.paragraphs).filter((pair) => !pair.shown)).toEqual([]);
    // A table's pieces touch: one table to the eye.
    expect(Math.abs(kinds(true)[0].gap)).toBeLessThan(1.5);
  });
});
