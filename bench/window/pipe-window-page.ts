/**
 * The window with the long conversation open, in a page driven over Chromium's DevTools pipe
 * with the Page domain only (launch-page.ts), as the app's window runs with no DevTools attached.
 *
 * For the suites that time the page's own CPU while many small messages reach it. A page driven
 * by Playwright has the Network and Runtime domains on, and Chromium then reports every
 * WebSocket frame to the driver: in a bare page, 1,500 messages of 200 bytes cost 0.40-0.47 ms
 * each, against 0.17-0.27 ms on the pipe (four interleaved pairs); in the window streaming a
 * 200 KB reply, 0.43 against 0.33 ms a message, about 0.14 s of the reply that the
 * app never pays. Everything is stopped and removed after `use`.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { withTempFolder } from "../lib/temp";
import { CHROMIUM_FLAGS } from "./browser";
import { startHostProcess } from "./host-process";
import { launchOnProfile, type BenchPage } from "./launch-page";
import type { WindowSeed } from "./long-conversation-page";
import { PROBE_SCRIPT } from "./page-probes";
import { LONG_ID, seedWindowData } from "./seed";

const READY_WITHIN_MS = 30_000;

export async function withPipeConversationPage(root: string, modelUrl: string, seed: WindowSeed, settle: boolean, use: (page: BenchPage) => Promise<void>): Promise<void> {
  await withTempFolder(async (folder) => {
    const dataFolder = path.join(folder, "data");
    mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
    seedWindowData(dataFolder, seed.messages, seed.entryChars);
    const host = await startHostProcess(root, dataFolder, modelUrl);
    try {
      const { page, close } = await launchOnProfile(path.join(folder, "profile"), CHROMIUM_FLAGS, { settle });
      try {
        await page.addInitScript(PROBE_SCRIPT);
        await page.goto(`${host.url}?transport=ws`);
        await page.evaluate(`window.__bench.waitEvent("ready", {}, 0, ${READY_WITHIN_MS})`);
        await page.evaluate(`window.__bench.waitEvent("list-rendered", {}, 0, ${READY_WITHIN_MS})`);
        await page.evaluate(`(async () => {
          const row = '[data-conversation-id="${LONG_ID}"] .conversation-row__open';
          for (const start = performance.now(); !document.querySelector(row); await new Promise((r) => setTimeout(r, 20))) {
            if (performance.now() - start > ${READY_WITHIN_MS}) throw new Error("no sidebar row for ${LONG_ID}");
          }
        })()`);
        await page.evaluate(`window.__bench.open(${JSON.stringify(LONG_ID)}, 60000)`);
        await use(page);
      } finally {
        await close();
      }
    } finally {
      await host.stop();
    }
  });
}

/** Types `text` into the message field as a person's typing ends: its value set, then the input event React listens to. */
export function typeMessage(page: BenchPage, text: string): Promise<unknown> {
  return page.evaluate(`(() => {
    const field = document.querySelector('[aria-label="Message"]');
    if (!field) throw new Error("no message field");
    field.focus();
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set.call(field, ${JSON.stringify(text)});
    field.dispatchEvent(new Event("input", { bubbles: true }));
    return true;
  })()`);
}
