/**
 * The benchmark's page probe, in Debian's Chromium: it asks for frames only while it records a
 * step with frame times watched. A frame asked for at every vsync is one the app would not have
 * made, and its style, layout, paint and commit would be counted as the app's.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../bench/window/browser";
import { PROBE_SCRIPT } from "../../bench/window/page-probes";

/** Counts the page's requestAnimationFrame calls; __frames(n) waits n frames without being counted. */
const COUNT_FRAME_REQUESTS = String.raw`
(() => {
  const ask = window.requestAnimationFrame.bind(window);
  window.__frameRequests = 0;
  window.requestAnimationFrame = (callback) => {
    window.__frameRequests++;
    return ask(callback);
  };
  window.__frames = (n) => new Promise((resolve) => {
    const step = () => (n-- <= 0 ? resolve() : ask(step));
    ask(step);
  });
})();
`;

describe("the page probe", () => {
  let browser: Browser;
  let page: Page;
  const requestsOver = async (frames: number): Promise<number> => {
    const before = await page.evaluate<number>("window.__frameRequests");
    await page.evaluate(`window.__frames(${frames})`);
    return (await page.evaluate<number>("window.__frameRequests")) - before;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.addInitScript({ content: COUNT_FRAME_REQUESTS });
    await page.addInitScript({ content: PROBE_SCRIPT });
    await page.goto("data:text/html,<p>A page with the probe</p>");
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("asks for no frame while it records nothing", async () => {
    expect(await requestsOver(10)).toBe(0);
  });

  it("records each frame's time while a step is recorded, and stops asking once it ends", async () => {
    await page.evaluate("window.__bench.record(true)");
    expect(await requestsOver(10)).toBeGreaterThanOrEqual(8);
    expect(await page.evaluate<number>("window.__bench.frames.length")).toBeGreaterThanOrEqual(8);
    await page.evaluate("window.__bench.record(false)");
    await page.evaluate("window.__frames(2)"); // the request already made runs once more and stops
    expect(await requestsOver(10)).toBe(0);
  });

  it("asks for no frame while recording when frame times are not watched", async () => {
    await page.evaluate("window.__bench.watchFrames = false; window.__bench.record(true)");
    expect(await requestsOver(10)).toBe(0);
    await page.evaluate("window.__bench.record(false); window.__bench.watchFrames = true");
  });
});
