/**
 * Replies in Markdown as the window shows them, in Chromium through the test host: rendered by
 * react-markdown as elements (no raw HTML, no inline styles, so the page's policy holds), code
 * highlighted by class names with a Copy button, links only to http(s) and mailto, and replies
 * streamed in blocks: a ```` block showing a ``` block stays one block, and long blocks (a
 * paragraph of openers without closers, a long table) come out whole.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { scrollList, sendMessage, startConversation } from "./support/window-actions";

const RICH = [
  "## Oslo plan",
  "Some **bold**, *em*, ~~gone~~ and `code`.",
  "| Day | Plan |\n|:----|-----:|\n| Mon | Museum |\n| Tue | Fjord |",
  "- [x] booked\n- [ ] packed",
  "Mail [Ada](mailto:ada@example.com), see [the site](https://example.com/oslo), not [this](javascript:alert(1)) nor [that](file:///etc/passwd).",
  "<script>window.injected = 1</script> <b>not bold</b>",
  "````md\nQuote this:\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n````",
  "```ts\nconst answer: number = 42; // the answer\n```",
  "The end.",
].join("\n\n");

describe("replies in Markdown", () => {
  // The file also fails when the page's content security policy refused anything (no inline style or script).
  const e2e = useAlpineSession({}, undefined, { noCspRefusals: true });
  const win = () => e2e.win;
  const page = () => e2e.page;
  const lastAnswer = () => page().locator(".message--assistant").last();
  // Copying a code block above scrolled the view away from the end: back to the newest rows.
  const toLatest = async () => {
    const jump = page().getByRole("button", { name: "Jump to latest" });
    if ((await jump.count()) > 0) await jump.click();
  };
  const twoFrames = () => page().evaluate(() => new Promise((resolve) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(resolve))));

  it("renders a rich reply as elements, with highlighted code, safe links and raw HTML as text", async () => {
    e2e.session.model.control.script({ text: RICH, chunks: 90, delayMs: 5 });
    const { id, since } = await startConversation(win(), "Plan Oslo");
    await win().waitFor("run-ended", { id }, since);
    const answer = lastAnswer();
    await answer.getByText("The end.").waitFor();

    expect(await answer.locator("h4.markdown__h2").textContent()).toBe("Oslo plan");
    expect(await answer.locator("strong").first().textContent()).toBe("bold");
    expect(await answer.locator("del").textContent()).toBe("gone");
    expect(await answer.locator(".markdown__table table tbody tr").count()).toBe(2);
    expect(await answer.locator('input[type="checkbox"][disabled]').count()).toBe(2);

    // Links: http(s) and mailto only; other schemes are plain text.
    const hrefs = await answer.locator("a").evaluateAll((links) => links.map((a) => (a as any).getAttribute("href")));
    expect(hrefs).toEqual(["mailto:ada@example.com", "https://example.com/oslo"]);
    expect(await answer.locator(".markdown__link-text").allTextContents()).toEqual(["this", "that"]);

    // Raw HTML is shown, never run.
    expect(await answer.textContent()).toContain("<script>window.injected = 1</script>");
    expect(await answer.locator("script, b").count()).toBe(0);
    expect(await page().evaluate(() => (globalThis as any).injected)).toBeUndefined();

    // The ```` block holds the ``` block whole; the ts block is highlighted with classes only.
    const blocks = answer.locator(".code-block");
    expect(await blocks.count()).toBe(2);
    expect(await blocks.nth(0).locator("code").textContent()).toBe("Quote this:\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n");
    expect(await blocks.nth(1).locator(".hljs-keyword").first().textContent()).toBe("const");
    expect(await answer.locator("[style]").count()).toBe(0);
    expect(await answer.getByRole("button", { name: /^Copy/ }).count()).toBe(2);

    await page().context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const copySince = await win().mark();
    await blocks.nth(1).getByRole("button", { name: "Copy ts to clipboard" }).click();
    await win().waitFor("copied", { ok: true }, copySince);
    expect(await page().evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe("const answer: number = 42; // the answer");
    await win().screenshotBothThemes("markdown-reply");
  });

  it("streams a ```` block that shows a ``` block as one block, frame by frame", async () => {
    const text = "Before.\n\n````md\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nafter the inner block\n````\n\nAfter.";
    e2e.session.model.control.script({ text, chunks: text.length, delayMs: 15 });
    const since = await sendMessage(win(), "Show me a quoted block");
    // While it streams, a code block on screen never closes before the outer fence does.
    const seen = new Set<number>();
    for (;;) {
      const count = await page().locator(".message--streaming .code-block").count();
      seen.add(count);
      if ((await win().events("run-ended", since)).length > 0) break;
      // The next frame, or the run's end when no frame follows (other events may come last).
      const next = (await win().mark()) - 1;
      const frame = win().waitFor("stream-rendered", {}, next);
      const ended = win().waitFor("run-ended", {}, since);
      frame.catch(() => undefined);
      ended.catch(() => undefined);
      await Promise.race([frame, ended]);
    }
    expect([...seen].every((n) => n <= 1)).toBe(true);
    const answer = lastAnswer();
    await answer.getByText("After.", { exact: true }).waitFor();
    expect(await answer.locator(".code-block").count()).toBe(1);
    expect(await answer.locator(".code-block code").textContent()).toContain("after the inner block");
  });

  it("shows long blocks whole once streamed: openers without closers as text, a long table as one table", async () => {
    const openers = "_a ".repeat(4000) + "**a ".repeat(1000);
    const rows = Array.from({ length: 150 }, (_, i) => `| row ${i} | value ${i * 7} |`).join("\n");
    const text = `${openers}\n\n| Name | Value |\n|---|---|\n${rows}\n\nDone.`;
    e2e.session.model.control.script({ text, chunks: 400, delayMs: 2 });
    const since = await sendMessage(win(), "Stress the renderer");
    await win().waitFor("run-ended", {}, since);
    const answer = lastAnswer();
    await answer.getByText("Done.", { exact: true }).waitFor();
    // A long reply shows its end first and the blocks above it in a deferred render: busy until then.
    await answer.locator(".markdown:not([aria-busy])").waitFor();
    expect(await answer.locator("em, strong").count()).toBe(0);
    const shown = (await answer.locator(".markdown").textContent()) ?? "";
    expect(shown.replace(/\s+/g, " ")).toContain("_a _a _a");
    // Every row is in a table cell, none is left as a paragraph of pipes; the head shows once.
    expect(await answer.locator("td").count()).toBe(300);
    expect(await answer.locator("p").filter({ hasText: "| row" }).count()).toBe(0);
    const visibleHeads = await answer.locator("thead").evaluateAll((heads) => heads.filter((h) => (h as any).offsetParent !== null).length);
    expect(visibleHeads).toBe(1);
  });

  it("makes each block of a finished reply into elements once: the run's end parses none of them again", async () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} of the counted reply, with *some* words and \`code\`.`);
    const text = `${paragraphs.join("\n\n")}\n\n| Left | Right |\n|---|---|\n| a | b |\n\n\`\`\`ts\nconst counted = true;\n\`\`\`\n\nThe last words.`;
    e2e.session.model.control.script({ text, chunks: 120, delayMs: 5 });
    await toLatest();
    await page().evaluate(() => (globalThis as any).__alpineRenderProbe.start());
    const since = await sendMessage(win(), "Count the blocks");
    await win().waitFor("run-ended", {}, since);
    const answer = lastAnswer();
    await answer.getByText("The last words.", { exact: true }).waitFor();
    await answer.locator(".markdown:not([aria-busy])").waitFor();
    await twoFrames();
    const counts: Record<string, number> = await page().evaluate(() => (globalThis as any).__alpineRenderProbe.counts);
    // Every block settled while streaming was made once then; the finished reply, the reloaded
    // view and the deferred render above its end reuse them: one making per block in all.
    const blocks = await answer.locator(".markdown__block").count();
    expect(blocks).toBe(43);
    expect(counts["markdown-block"]).toBe(blocks);
  });

  it("fetches only what a run added when it ends: the replies above stay loaded", async () => {
    e2e.session.model.control.script({ text: "A short reply.", chunks: 3, delayMs: 5 });
    await toLatest();
    const since = await sendMessage(win(), "One more, short");
    await win().waitFor("run-ended", {}, since);
    await lastAnswer().getByText("A short reply.", { exact: true }).waitFor();
    // Every reload while the run went on and at its end asked for the new entries only, not the page.
    const loads = await win().events("view-loaded", since);
    expect(loads.length).toBeGreaterThan(0);
    for (const load of loads) expect(load.detail.entries).toBeLessThanOrEqual(3);
    // The conversation's first reply is still there, above, without fetching an older page.
    const scrolled = await win().mark();
    const scroller = page().locator(".conversation__scroller");
    for (let i = 0; i < 200 && (await page().locator("h4.markdown__h2", { hasText: "Oslo plan" }).count()) === 0; i++) {
      await scrollList(scroller, -600);
      await twoFrames();
    }
    expect(await page().locator("h4.markdown__h2", { hasText: "Oslo plan" }).count()).toBe(1);
    expect(await win().events("earlier-loaded", scrolled)).toEqual([]);
  });
});
