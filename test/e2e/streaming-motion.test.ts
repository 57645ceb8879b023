/**
 * While a reply's words arrive they are the window's motion: the caret after them holds still and
 * the live dots stop pulsing (a looping animation restyles its element at every frame, and keeps
 * the page making frames between two renders of the words). Once the words pause, both move
 * again; when words come again, they hold still again. In Chromium through the test host.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { startConversation } from "./support/window-actions";

/** What the page animates at this moment: each running animation's name and what it moves. */
interface Running {
  name: string;
  target: string;
}

const PARAGRAPHS = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} says a few plain words about the plan, one after another.`).join("\n\n");

describe("motion while a reply streams", () => {
  const e2e = useAlpineSession({}, undefined, { noCspRefusals: true });
  const win = () => e2e.win;
  const page = () => e2e.page;

  /**
   * In the page: `__motion()` lists the caret's and the status dots' running animations, and at each
   * render of streamed words (as it happens) the root's mark and that list are kept.
   */
  const recordRenders = () =>
    page().evaluate(() => {
      const w = globalThis as any;
      w.__motion = (): Running[] =>
        w.document
          .getAnimations()
          .filter((a: any) => a.playState === "running")
          .map((a: any) => ({ name: a.animationName, target: `${a.effect.target.className}${a.effect.pseudoElement ?? ""}` }))
          .filter((a: Running) => a.target === "::after" || a.target === "status__dot");
      w.__rendersSeen = [];
      w.addEventListener("alpine:stream-rendered", () => {
        w.__rendersSeen.push({ arriving: w.document.documentElement.hasAttribute("data-words-arriving"), running: w.__motion() });
      });
    });
  const rendersSeen = () => page().evaluate(() => (globalThis as any).__rendersSeen as { arriving: boolean; running: Running[] }[]);
  const runningNow = () => page().evaluate(() => (globalThis as any).__motion() as Running[]);

  it("holds the caret and the live dots still while words arrive, and lets them move while the words pause", async () => {
    // Twenty pieces, then the model holds the rest until released: a pause in the middle of the reply.
    await e2e.session.model.control.script({ text: PARAGRAPHS, chunks: 60, delayMs: 15, holdAfter: 20 });
    await recordRenders();
    const { id, since } = await startConversation(win(), "Tell me the plan");

    await win().waitFor("words-arriving", { arriving: true }, since);
    // The words paused (the hold): the caret blinks and the live dots pulse again.
    const paused = await win().waitFor("words-arriving", { arriving: false }, since);
    const whilePaused = await runningNow();
    expect(whilePaused).toContainEqual({ name: "blink", target: "::after" });
    expect(whilePaused.filter((a) => a.name === "pulse" && a.target === "status__dot").length).toBeGreaterThanOrEqual(1);
    expect(await page().locator(".message--streaming").count()).toBe(1);

    const beforeRelease = await rendersSeen();
    expect(beforeRelease.length).toBeGreaterThanOrEqual(1);
    // Every render of the words before the pause: the page marked, neither the caret nor a dot looping.
    for (const seen of beforeRelease) expect(seen).toEqual({ arriving: true, running: [] });

    // The words come again: the motion holds still again, until the reply ends.
    expect(await e2e.session.model.control.release()).toBe(1);
    await win().waitFor("words-arriving", { arriving: true }, paused.index + 1);
    const ended = await win().waitFor("run-ended", { id }, since);
    expect(ended.detail.stoppedBy).toBe("end_turn");
    const afterRelease = (await rendersSeen()).slice(beforeRelease.length);
    expect(afterRelease.length).toBeGreaterThanOrEqual(1);
    for (const seen of afterRelease) expect(seen).toEqual({ arriving: true, running: [] });
    await page().locator(".message--assistant").last().getByText("Paragraph 12 says").waitFor();
  });
});
