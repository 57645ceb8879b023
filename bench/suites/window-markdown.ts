/**
 * Markdown while it streams, in Chromium through the test host: replies of up to 200 KB, the
 * ordinary kind and adversarial ones (openers without closers, a long table, one long code
 * block), each streamed into a short conversation. Long tasks (over 50 ms) while the words
 * arrive, and in the whole run (send to the finished reply shown).
 */
import { fileURLToPath } from "node:url";
import { startModelServer } from "../../test/support/model-server";
import type { BenchConfig } from "../config";
import type { Report } from "../lib/report";
import { typeMessage, withPipeConversationPage } from "../window/pipe-window-page";
import { markdownFloor } from "../window/markdown-floor";
import { REPLY_SHOWN_STAMP, type StreamedDelta, type StreamSummary } from "../window/page-probes";
import { taskCpuTimesAround, TRACE_CATEGORIES } from "../window/trace-summary";
import { LONG_ID } from "../window/seed";
import { deltaRecorder, deltaToPaint } from "../window/delta-to-paint";
import { ensureBuiltWindow, isSummaryRequest, tokenPieces } from "./window";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SIZE = { full: 200_000, quick: 2_000 };
/** Characters per streamed delta, and milliseconds between deltas. */
const CHUNK_CHARS = 40;
const INTERVAL_MS = 2;
/** The longest wait for the window to keep its screen after a reply: it waits a second of rest, then for idle time (at most 2 s). */
const KEPT_WITHIN_MS = 10_000;

function fill(unit: string, chars: number): string {
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
}

export function markdownReplies(chars: number): Record<string, string> {
  const table = `| Name | Value | Note |\n|---|---:|---|\n${fill("| a row | 1234 | some *words* here |\n", chars - 40)}`;
  const line = "const saved = await store.write(id, entries, snapshot);\n";
  const inner = "```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nA line between the blocks.\n\n";
  const ordinary = fill(tokenPieces(Math.ceil(chars / 5)).join(""), chars);
  return {
    ordinary,
    underscores: fill("_a ", chars),
    stars: fill("**a ", chars),
    table,
    code: `\`\`\`ts\n${fill(line, chars - 12)}\n\`\`\`\n`,
    // A fence that never closes, and a ```` fence holding ``` blocks: one block each.
    unclosedFence: `Here it is:\n\n\`\`\`ts\n${fill(line, chars - 20)}`,
    nestedFences: `\`\`\`\`md\n${fill(inner, chars - 12)}\n\`\`\`\`\n`,
    // One paragraph: no empty line anywhere.
    paragraph: ordinary.replace(/\n+/g, " "),
  };
}

export async function runWindowMarkdown(report: Report, config: BenchConfig): Promise<void> {
  ensureBuiltWindow();
  const replies = markdownReplies(SIZE[config.mode]);
  const queue: string[] = [];
  // Each reply's deltas as the model server writes them: the delta-to-paint figure starts there.
  let written: StreamedDelta[] = [];
  const server = await startModelServer({
    fallback: (request) => {
      if (isSummaryRequest(request)) return { text: "A short summary.", chunks: 1 };
      const text = queue.shift() ?? "Nothing scripted.";
      const recorder = deltaRecorder();
      written = recorder.written;
      return { text, chunks: Math.ceil(text.length / CHUNK_CHARS), delayMs: INTERVAL_MS, onTextWritten: recorder.onTextWritten };
    },
  });
  try {
    // The ordinary reply as the window showed it, for the floor below.
    const shown: { ordinary?: { streamingMs: number; mainCpuMs: number; renders: number } } = {};
    // A page on the DevTools pipe: in one driven by Playwright, every streamed message would also be reported to the driver (pipe-window-page.ts).
    await withPipeConversationPage(ROOT, server.url, { messages: 4, entryChars: config.entryChars }, config.mode === "full", async (page) => {
      // This suite reads no frame times: the probe asks for no frame of its own while the replies stream.
      await page.evaluate("window.__bench.watchFrames = false");
      const section = report.section(`Markdown streamed in the window: replies of ${(SIZE[config.mode] / 1000).toFixed(0)} KB`, [
        "reply",
        "streaming ms",
        "long tasks",
        "longest task ms",
        "whole run long tasks",
        "whole run longest ms",
        "whole run longest task CPU ms",
        "tasks of 50 ms CPU",
        "main thread CPU ms",
        "major GCs",
        "GC ms",
        "delta to paint p95 ms",
        "delta to paint max ms",
        "in the window p95 ms",
        "after: longest task ms",
        "after: longest task CPU ms",
      ]);
      let worst = 0;
      let worstCpu = 0;
      let worstToPaint = 0;
      let worstAfterCpu = 0;
      for (const [name, text] of Object.entries(replies)) {
        queue.push(text);
        await typeMessage(page, `Please send the ${name} reply.`);
        const { trace } = await page.trace(TRACE_CATEGORIES, async () => {
          const shownAt = await page.evaluate<number>(`window.__bench.stream(${JSON.stringify(LONG_ID)}, 600000).then(() => window.__bench.logIndex())`);
          // What the finished reply still costs while the person reads it: traced on until the window
          // has kept its screen for the next launch (keep-first-screen.ts: a second after the page
          // comes to rest, in idle time) and painted twice more. The probe marked the reply shown.
          await page.evaluate(`window.__bench.waitEvent("first-screen-kept", {}, ${shownAt}, ${KEPT_WITHIN_MS}).then(() => window.__bench.frames2())`);
        });
        // The trace ends before the probe sums up what it recorded: that work is the benchmark's, not the app's.
        const { before: cpu, after } = taskCpuTimesAround(trace, REPLY_SHOWN_STAMP);
        const stream = await page.evaluate<StreamSummary>("window.__bench.streamSummary()");
        if (stream.deltas === 0) throw new Error(`no streamed words of the ${name} reply reached the window`);
        report.set(`windowMarkdown.${name}.longTasks`, stream.streaming.longTasks);
        report.set(`windowMarkdown.${name}.maxLongTaskMs`, stream.streaming.maxLongTaskMs);
        report.set(`windowMarkdown.${name}.runMaxLongTaskMs`, stream.whole.maxLongTaskMs);
        report.set(`windowMarkdown.${name}.maxTaskCpuMs`, cpu.maxCpuMs);
        report.set(`windowMarkdown.${name}.mainCpuMs`, cpu.totalCpuMs);
        if (name === "ordinary") shown.ordinary = { streamingMs: stream.streaming.ms, mainCpuMs: cpu.totalCpuMs, renders: stream.rendered };
        report.set(`windowMarkdown.${name}.majorGcs`, cpu.majorGcs);
        report.set(`windowMarkdown.${name}.afterMaxTaskCpuMs`, after.maxCpuMs);
        report.set(`windowMarkdown.${name}.afterMaxTaskMs`, after.maxClockMs);
        worstAfterCpu = Math.max(worstAfterCpu, after.maxCpuMs);
        const toPaint = deltaToPaint(written, stream.epoch);
        const inWindow = deltaToPaint(stream.arrivals, stream.epoch);
        if (toPaint.measured === 0) throw new Error(`the model server wrote no delta of the ${name} reply`);
        report.set(`windowMarkdown.${name}.deltaToPaintP95Ms`, toPaint.p95Ms);
        report.set(`windowMarkdown.${name}.inWindowToPaintP95Ms`, inWindow.p95Ms);
        worstToPaint = Math.max(worstToPaint, toPaint.p95Ms);
        worst = Math.max(worst, stream.streaming.maxLongTaskMs);
        worstCpu = Math.max(worstCpu, cpu.maxCpuMs);
        const row = [stream.streaming.ms, stream.streaming.longTasks, stream.streaming.maxLongTaskMs, stream.whole.longTasks, stream.whole.maxLongTaskMs];
        section.rows.push([name, ...row, cpu.maxCpuMs, cpu.over50, cpu.totalCpuMs, cpu.majorGcs, cpu.gcMs, toPaint.p95Ms, toPaint.maxMs, inWindow.p95Ms, after.maxClockMs, after.maxCpuMs]);
      }
      report.set("windowMarkdown.maxLongTaskMs", worst);
      report.set("windowMarkdown.maxTaskCpuMs", worstCpu);
      report.set("windowMarkdown.deltaToPaintP95Ms", worstToPaint);
      report.set("windowMarkdown.afterReplyMaxTaskCpuMs", worstAfterCpu);
      section.notes.push(
        `${CHUNK_CHARS} characters per delta, ${INTERVAL_MS} ms apart; long task: the browser's 'longtask' entries (50 ms or more, 0 when none), by the clock.`,
        "CPU ms: the CPU time of the page's longest task, from a trace of the run (the clock counts the time a task waits for a core too, on a busy machine most of it).",
        "Delta to paint: from the model server's write of a delta to the first render in the window showing its words (React runs that render's effect once its frame is painted), by the machine's wall clock; the worst reply's p95 is the target. In the window: from the delta's arrival there.",
        "After: from the finished reply shown until the window has kept its screen for the next launch (a second after the page came to rest) and painted twice more; the longest task there, by the clock and by CPU.",
        "Main thread CPU: all the page's tasks in the run; major GCs: collections that marked the whole heap (the garbage the run made decides how many); GC ms: all collections on the main thread, by the clock.",
      );
    });
    // The same words shown growing over the same time in a bare page: the browser's own part.
    const ordinary = shown.ordinary;
    if (ordinary) {
      const floor = await markdownFloor(replies.ordinary, ordinary.streamingMs, config.mode === "full");
      report.set("windowMarkdown.floor.mainCpuMs", floor.mainCpuMs);
      report.set("windowMarkdown.ordinaryOverFloor", ordinary.mainCpuMs / floor.mainCpuMs);
      const section = report.section("The browser's floor: the ordinary reply's words shown growing in a bare page", ["page", "main thread CPU ms", "renders"]);
      section.rows.push(["the window", ordinary.mainCpuMs, ordinary.renders], ["a bare page", floor.mainCpuMs, floor.renders]);
      section.notes.push(
        "A bare page of the window's size adds the words that came to the last paragraph (a new one at each empty line) at most every other frame, over the window's streaming time, and follows the end: no Markdown, no React, no messages (bench/window/markdown-floor.ts).",
      );
    }
  } finally {
    await server.close();
  }
}
