/**
 * A long code block as the window shows it, in Chromium through the test host: its lines come
 * in groups that the browser lays out only when they are in view (putting a 200 KB block in the
 * page at the run's end must not lay out all of it), and it still scrolls sideways to its
 * longest line.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { startConversation } from "./support/window-actions";

const LINES = 1_280;
const WIDE = `const wide = "${"w".repeat(400)}";`;
const CODE = Array.from({ length: LINES }, (_, i) => (i === LINES - 3 ? WIDE : `const line${i} = await store.write(${i});`)).join("\n");

describe("a long code block", () => {
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
});
