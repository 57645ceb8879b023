import { mkdirSync } from "node:fs";
import path from "node:path";
import { startModelServer } from "../test/support/model-server";
import { withTempFolder } from "./lib/temp";
import { launchBrowser } from "./window/browser";
import { startHostProcess } from "./window/host-process";
import { PROBE_SCRIPT, type StreamSummary } from "./window/page-probes";
import { LONG_ID, seedWindowData } from "./window/seed";
import { summariseLongTasks, TRACE_CATEGORIES } from "./window/trace-summary";
import { markdownReplies } from "./suites/window-markdown";
const which = process.argv.slice(2);
const replies = markdownReplies(Number(process.env.SIZE ?? 60000));
const queue: string[] = [];
const server = await startModelServer({ fallback: () => { const text = queue.shift() ?? "x"; return { text, chunks: Math.ceil(text.length / 40), delayMs: 2 }; } });
await withTempFolder(async (root) => {
  const dataFolder = path.join(root, "data"); mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
  seedWindowData(dataFolder, 4, 400);
  const host = await startHostProcess(process.cwd(), dataFolder, server.url);
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript({ content: PROBE_SCRIPT });
  await page.goto(`${host.url}?transport=ws`);
  await page.evaluate(`window.__bench.waitEvent("list-rendered", {}, 0, 30000)`);
  await page.waitForSelector(`[data-conversation-id="${LONG_ID}"] .conversation-row__open`);
  await page.evaluate(`window.__bench.open(${JSON.stringify(LONG_ID)}, 60000)`);
  for (const name of which) {
    queue.push((replies as any)[name]);
    await page.fill('[aria-label="Message"]', `send ${name}`);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const s = (await page.evaluate(`window.__bench.sendAndStream(${JSON.stringify(LONG_ID)}, 600000)`)) as StreamSummary;
    const b = summariseLongTasks((await browser.stopTracing()).toString("utf8"));
    console.log(name, JSON.stringify(s.streaming), JSON.stringify(s.whole), JSON.stringify(b));
  }
  await browser.close(); await host.stop();
});
await server.close();
