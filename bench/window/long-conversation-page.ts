/**
 * The set-up the window benchmarks share: a data folder seeded with conversations (one long
 * one of `messages` messages, and short ones), the bundled test host on it, and Chromium with
 * the page probes, the first screen ready and the sidebar listed; with the long conversation
 * open, or not yet (to time its opening). Everything is stopped and removed after `use`.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { withTempFolder } from "../lib/temp";
import { launchBrowser } from "./browser";
import { startHostProcess } from "./host-process";
import { PROBE_SCRIPT } from "./page-probes";
import { LONG_ID, seedWindowData } from "./seed";

export interface LongConversationPage {
  browser: Browser;
  page: Page;
}

export interface WindowSeed {
  /** Messages of the long conversation. */
  messages: number;
  entryChars: number;
}

/** The window with the sidebar listed and the long conversation's row shown, not opened. */
export async function withWindowPage(root: string, modelUrl: string, seed: WindowSeed, use: (opened: LongConversationPage) => Promise<void>): Promise<void> {
  await withTempFolder(async (folder) => {
    const dataFolder = path.join(folder, "data");
    mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
    seedWindowData(dataFolder, seed.messages, seed.entryChars);
    const host = await startHostProcess(root, dataFolder, modelUrl);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.addInitScript({ content: PROBE_SCRIPT });
      await page.goto(`${host.url}?transport=ws`);
      await page.evaluate(`window.__bench.waitEvent("ready", {}, 0, 30000)`);
      await page.evaluate(`window.__bench.waitEvent("list-rendered", {}, 0, 30000)`);
      await page.waitForSelector(`[data-conversation-id="${LONG_ID}"] .conversation-row__open`);
      await use({ browser, page });
    } finally {
      await browser.close().catch(() => undefined);
      await host.stop();
    }
  });
}

/** The same, with the long conversation open. */
export async function withLongConversationPage(root: string, modelUrl: string, seed: WindowSeed, use: (opened: LongConversationPage) => Promise<void>): Promise<void> {
  await withWindowPage(root, modelUrl, seed, async (opened) => {
    await opened.page.evaluate(`window.__bench.open(${JSON.stringify(LONG_ID)}, 60000)`);
    await use(opened);
  });
}
