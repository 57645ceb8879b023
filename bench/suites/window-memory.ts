/**
 * The window's memory while long replies stream (issue: the event log kept every reply alive).
 * In Chromium through the test host (so with the event log on, as automated checks run it):
 * three long replies in a row into a short conversation; the JS heap after a forced garbage
 * collection before the first and after each, and the largest heap seen at a frame while
 * each streamed.
 */
import { fileURLToPath } from "node:url";
import { startModelServer } from "../../test/support/model-server";
import type { BenchConfig } from "../config";
import type { Report } from "../lib/report";
import { withLongConversationPage } from "../window/long-conversation-page";
import type { StreamSummary } from "../window/page-probes";
import { LONG_ID } from "../window/seed";
import { ensureBuiltWindow, heapMB, isSummaryRequest, tokenPieces } from "./window";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const REPLIES = 3;
const TOKENS = { full: 20_000, quick: 300 };
const TOKEN_INTERVAL_MS = 1;

export async function runWindowMemory(report: Report, config: BenchConfig): Promise<void> {
  ensureBuiltWindow();
  const pieces = tokenPieces(TOKENS[config.mode]);
  const server = await startModelServer({
    fallback: (request) =>
      isSummaryRequest(request) ? { text: "A short summary.", chunks: 1 } : { text: pieces.join(""), chunks: pieces.length, delayMs: TOKEN_INTERVAL_MS },
  });
  try {
    await withLongConversationPage(ROOT, server.url, { messages: 20, entryChars: config.entryChars }, async ({ page }) => {
      await page.evaluate("window.__bench.heapWatched = true");
      const before = (await heapMB(page)).heap;
      const after: number[] = [];
      const peaks: number[] = [];
      for (let i = 0; i < REPLIES; i++) {
        await page.fill('[aria-label="Message"]', `Please write long answer number ${i + 1}.`);
        const stream = (await page.evaluate(`window.__bench.sendAndStream(${JSON.stringify(LONG_ID)}, 600000)`)) as StreamSummary;
        if (stream.deltas === 0) throw new Error("no streamed words reached the window");
        peaks.push(stream.peakHeapMB);
        after.push((await heapMB(page)).heap);
      }
      const logged = (await page.evaluate(`(window.__alpineEvents || []).length`)) as number;
      report.set("windowMemory.tokens", pieces.length);
      report.set("windowMemory.beforeMB", before);
      after.forEach((mb, i) => report.set(`windowMemory.after${i + 1}MB`, mb));
      report.set("windowMemory.growthAfterFirstMB", after[0] - before);
      report.set("windowMemory.growthAfterLastMB", after[after.length - 1] - before);
      report.set("windowMemory.peakMB", Math.max(...peaks));
      report.set("windowMemory.eventLogEntries", logged);
      const section = report.section(`The window's JS heap over ${REPLIES} replies of ${pieces.length.toLocaleString("en-US")} tokens`, ["moment", "JS heap MB"]);
      section.rows.push(["before the first reply (after GC)", before]);
      after.forEach((mb, i) => section.rows.push([`after reply ${i + 1} (after GC)`, mb]));
      section.rows.push(["largest heap at a frame while streaming (garbage included)", Math.max(...peaks)]);
      section.rows.push(["entries in the event log at the end", logged]);
      section.notes.push(`Test host (event log on), tokens sent ${TOKEN_INTERVAL_MS} ms apart; heap from Chromium's Performance metrics after HeapProfiler.collectGarbage.`);
    });
  } finally {
    await server.close();
  }
}
