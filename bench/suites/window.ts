/**
 * 5. The window, in Chromium, through the test host (the real service in its own process,
 * the window over its WebSocket transport): open a long conversation, scroll it to the top,
 * stream a long reply into it. Time to first paint, time to open, long tasks (the browser's
 * own 'longtask' entries, over 50 ms), frame intervals, JS heap and DOM size.
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { startModelServer, type RecordedRequest } from "../../test/support/model-server";
import type { BenchConfig } from "../config";
import type { Report } from "../lib/report";
import { median, percentile } from "../lib/stats";
import { TextSource } from "../lib/text";
import { withWindowPage } from "../window/long-conversation-page";
import { type FetchSummary, PROBE_SCRIPT, type ScrollSummary, type StepSummary, type StreamSummary } from "../window/page-probes";
import { LONG_ID, OTHER_ID, firstMessageWords } from "../window/seed";
import { summariseLongTasks, TRACE_CATEGORIES } from "../window/trace-summary";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUILT_WINDOW = path.join(ROOT, "out/renderer/index.html");
/** Milliseconds between streamed tokens: faster than a model writes, so it is a hard case. */
const TOKEN_INTERVAL_MS = 4;
const OPEN_REPS = { full: 7, quick: 2 };

/** The window is measured as built; build it when it is missing. */
export function ensureBuiltWindow(): string {
  if (!existsSync(BUILT_WINDOW)) {
    const built = spawnSync(path.join(ROOT, "node_modules/.bin/electron-vite"), ["build"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0 || !existsSync(BUILT_WINDOW)) throw new Error("The window could not be built (electron-vite build failed).");
  }
  return statSync(BUILT_WINDOW).mtime.toISOString();
}

/**
 * A reply of `tokens` tokens (a token is a word or a bit of punctuation with its space), shaped
 * like a real long answer: paragraphs of about fifty words, now and then a list or a code block.
 */
export function tokenPieces(tokens: number): string[] {
  const words = new TextSource(77).text(tokens * 10).replace(/\.$/, "").split(" ");
  const pieces: string[] = [];
  for (let i = 0; pieces.length < tokens; i++) {
    const word = words[i % words.length];
    const inParagraph = i % 50;
    if (inParagraph === 49) pieces.push(`${word}.\n\n`);
    else if (i % 400 === 120) pieces.push("\n\n- ", `${word} `);
    else if (i % 400 === 130) pieces.push("\n- ", `${word} `);
    else if (i % 400 === 300) pieces.push("\n\n```ts\n", `const ${word} = `, "await store.write(id, entries, snapshot);", "\n```\n\n");
    else pieces.push(`${word} `);
  }
  return pieces.slice(0, tokens);
}

export function isSummaryRequest(request: RecordedRequest): boolean {
  return /condense|summar/i.test(JSON.stringify(request.body?.system ?? ""));
}

export async function heapMB(page: Page): Promise<{ heap: number; nodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("Performance.enable");
    const { metrics } = await cdp.send("Performance.getMetrics");
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    return { heap: metric("JSHeapUsedSize") / 2 ** 20, nodes: metric("Nodes") };
  } finally {
    await cdp.detach();
  }
}

export async function runWindow(report: Report, config: BenchConfig): Promise<void> {
  const builtAt = ensureBuiltWindow();
  const messages = config.windowMessages;
  const pieces = tokenPieces(config.windowTokens);
  const server = await startModelServer({
    fallback: (request) =>
      isSummaryRequest(request)
        ? { text: "A short summary of the conversation so far.", chunks: 1 }
        : { text: pieces.join(""), chunks: pieces.length, delayMs: TOKEN_INTERVAL_MS },
  });
  try {
    await withWindowPage(ROOT, server.url, { messages, entryChars: config.entryChars }, async ({ browser, page }) => {
      const firstPaint = (await page.evaluate(
        `(performance.getEntriesByName("first-contentful-paint")[0] || performance.getEntriesByType("paint")[0] || { startTime: NaN }).startTime`,
      )) as number;

      const opens: StepSummary[] = [];
      for (let i = 0; i < OPEN_REPS[config.mode]; i++) {
        opens.push((await page.evaluate(`window.__bench.open(${JSON.stringify(LONG_ID)}, 60000)`)) as StepSummary);
        if (i < OPEN_REPS[config.mode] - 1) await page.evaluate(`window.__bench.open(${JSON.stringify(OTHER_ID)}, 60000)`);
      }
      const afterOpen = await heapMB(page);
      const fetches: FetchSummary[] = [];
      for (let i = 0; i < OPEN_REPS[config.mode]; i++) fetches.push((await page.evaluate(`window.__bench.fetchView(${JSON.stringify(LONG_ID)}, 60000)`)) as FetchSummary);

      // Streaming into the conversation as just opened (its last rows in the page)...
      await page.fill('[aria-label="Message"]', "Please write a long answer.");
      const freshStream = (await page.evaluate(`window.__bench.sendAndStream(${JSON.stringify(LONG_ID)}, 120000)`)) as StreamSummary;

      const first = JSON.stringify(firstMessageWords(messages, config.entryChars));
      const scroll = (await page.evaluate(`window.__bench.scrollToTop(1500, ${Math.max(1000, messages)}, ${first})`)) as ScrollSummary;
      if (!scroll.reachedTop) throw new Error(`scrolling up for ${scroll.frames} frames did not reach the conversation's first message (${scroll.rows} rows in the page)`);
      const afterScroll = await heapMB(page);
      await page.evaluate(`window.__bench.scrollToBottom()`);

      // ...and after the person has scrolled through all of it: the order.
      await page.fill('[aria-label="Message"]', "Please write another long answer.");
      const stream = (await page.evaluate(`window.__bench.sendAndStream(${JSON.stringify(LONG_ID)}, 120000)`)) as StreamSummary;
      if (stream.deltas === 0 || freshStream.deltas === 0) throw new Error("no streamed words reached the window");
      const afterStream = await heapMB(page);

      // Once more under Chromium's tracer, only to say what the long tasks are made of.
      await page.fill('[aria-label="Message"]', "And one more long answer, please.");
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      const traced = (await page.evaluate(`window.__bench.sendAndStream(${JSON.stringify(LONG_ID)}, 120000)`)) as StreamSummary;
      const breakdown = summariseLongTasks((await browser.stopTracing()).toString("utf8"));

      // And once with off-screen rows skipping rendering: what that one change would give.
      await page.evaluate(`window.__bench.skipOffscreenRows()`);
      await page.evaluate(`window.__bench.scrollToBottom()`);
      await page.fill('[aria-label="Message"]', "One last long answer, please.");
      const skipping = (await page.evaluate(`window.__bench.sendAndStream(${JSON.stringify(LONG_ID)}, 120000)`)) as StreamSummary;

      const openTimes = opens.map((o) => o.ms);
      report.set("window.firstPaintMs", firstPaint);
      report.set("window.open.firstMs", openTimes[0]);
      report.set("window.open.medianMs", median(openTimes));
      report.set("window.open.longTasks", Math.max(...opens.map((o) => o.longTasks)));
      report.set("window.open.maxLongTaskMs", Math.max(...opens.map((o) => o.maxLongTaskMs)));
      const fetchMs = median(fetches.map((f) => f.ms));
      const parseMs = median(fetches.map((f) => f.parseMs));
      report.set("window.fetch.ms", fetchMs);
      report.set("window.fetch.parseMs", parseMs);
      report.set("window.fetch.MB", fetches[0].bytes / 2 ** 20);
      setStreamFigures(report, "window.streamFresh", freshStream);
      report.set("window.scroll.frames", scroll.frames);
      report.set("window.scroll.ms", scroll.ms);
      report.set("window.scroll.longTasks", scroll.longTasks);
      report.set("window.scroll.maxLongTaskMs", scroll.maxLongTaskMs);
      report.set("window.scroll.frameP99Ms", scroll.gaps.length ? percentile(scroll.gaps, 0.99) : 0);
      report.set("window.scroll.rowsInPage", scroll.rows);
      report.set("window.stream.tokens", pieces.length);
      report.set("window.stream.deltasReceived", stream.deltas);
      report.set("window.stream.renders", stream.rendered);
      report.set("window.stream.ms", stream.streaming.ms);
      setStreamFigures(report, "window.stream", stream);
      report.set("window.run.ms", stream.whole.ms);
      report.set("window.run.longTasks", stream.whole.longTasks);
      report.set("window.run.maxLongTaskMs", stream.whole.maxLongTaskMs);
      report.set("window.trace.longTasks", breakdown.tasks);
      report.set("window.trace.longTaskMs", breakdown.totalMs);
      report.set("window.trace.scriptMs", breakdown.scriptMs);
      report.set("window.trace.forcedLayoutMs", breakdown.forcedLayoutMs);
      report.set("window.trace.renderingMs", breakdown.renderingMs);
      report.set("window.trace.gcMs", breakdown.gcMs);
      setStreamFigures(report, "window.experiment.contentVisibility", skipping);
      report.set("window.memory.afterOpenMB", afterOpen.heap);
      report.set("window.memory.afterScrollMB", afterScroll.heap);
      report.set("window.memory.afterStreamMB", afterStream.heap);
      report.set("window.domNodes.afterOpen", afterOpen.nodes);
      report.set("window.domNodes.afterScroll", afterScroll.nodes);

      const n = messages.toLocaleString("en-US");
      const section = report.section(`The window in Chromium (${n} messages, ${pieces.length.toLocaleString("en-US")} streamed tokens)`, [
        "step",
        "ms",
        "long tasks",
        "longest task ms",
        "frame p99 ms",
        "JS heap MB",
        "DOM nodes",
      ]);
      section.rows.push(["first paint of the window", firstPaint, null, null, null, null, null]);
      section.rows.push([`open the conversation (first of ${opens.length})`, openTimes[0], opens[0].longTasks, opens[0].maxLongTaskMs, null, afterOpen.heap, afterOpen.nodes]);
      section.rows.push([`open the conversation (median of ${opens.length})`, median(openTimes), report.get("window.open.longTasks"), report.get("window.open.maxLongTaskMs"), null, null, null]);
      section.rows.push([`  of which: conversations:get alone (${(fetches[0].bytes / 2 ** 20).toFixed(1)} MB reply)`, fetchMs, null, null, null, null, null]);
      section.rows.push(["  of which: parsing that reply", parseMs, null, null, null, null, null]);
      section.rows.push([`stream ${pieces.length} tokens right after opening`, freshStream.streaming.ms, freshStream.streaming.longTasks, freshStream.streaming.maxLongTaskMs, report.get("window.streamFresh.frameP99Ms"), null, null]);
      section.rows.push([`scroll to the top (${scroll.frames} frames, ${scroll.rows} rows in the page)`, scroll.ms, scroll.longTasks, scroll.maxLongTaskMs, report.get("window.scroll.frameP99Ms"), afterScroll.heap, afterScroll.nodes]);
      section.rows.push([`stream ${pieces.length} tokens after scrolling (${stream.deltas} deltas, ${stream.rendered} renders)`, stream.streaming.ms, stream.streaming.longTasks, stream.streaming.maxLongTaskMs, report.get("window.stream.frameP99Ms"), afterStream.heap, null]);
      section.rows.push(["  that whole run, send to the reloaded view", stream.whole.ms, stream.whole.longTasks, stream.whole.maxLongTaskMs, null, null, null]);
      section.rows.push([
        "  the same stream, experiment: off-screen rows skip rendering (content-visibility: auto)",
        skipping.streaming.ms,
        skipping.streaming.longTasks,
        skipping.streaming.maxLongTaskMs,
        report.get("window.experiment.contentVisibility.frameP99Ms"),
        null,
        null,
      ]);
      const why = report.section("What the window's long tasks are made of (one more streamed reply, traced)", ["part", "ms", "share"]);
      const share = (ms: number) => (breakdown.totalMs > 0 ? `${Math.round((100 * ms) / breakdown.totalMs)}%` : "-");
      why.rows.push([`${breakdown.tasks} long tasks, send to reloaded view (untraced: ${traced.whole.longTasks})`, breakdown.totalMs, share(breakdown.totalMs)]);
      why.rows.push(["  script (React, Markdown, the app's own code)", breakdown.scriptMs, share(breakdown.scriptMs)]);
      why.rows.push(["  style and layout forced by script (a size read after a change)", breakdown.forcedLayoutMs, share(breakdown.forcedLayoutMs)]);
      why.rows.push(["  the frame's own style, layout and paint", breakdown.renderingMs, share(breakdown.renderingMs)]);
      why.rows.push(["  garbage collection", breakdown.gcMs, share(breakdown.gcMs)]);
      why.notes.push("Chromium's trace of the page's main thread: tasks of 50 ms or more, the time inside each kind of work (tracing itself slows the page a little).");
      section.notes.push(`Window built ${builtAt}; tokens sent ${TOKEN_INTERVAL_MS} ms apart; open: click to the first frame after the conversation is shown; long task: the browser's 'longtask' entries (over 50 ms).`);
    });
  } finally {
    await server.close();
  }
}

/** A streamed reply's long tasks and its frames' 99th-percentile gap, under `prefix`. */
function setStreamFigures(report: Report, prefix: string, measured: { streaming: { longTasks: number; maxLongTaskMs: number }; gaps: number[] }): void {
  report.set(`${prefix}.longTasks`, measured.streaming.longTasks);
  report.set(`${prefix}.maxLongTaskMs`, measured.streaming.maxLongTaskMs);
  report.set(`${prefix}.frameP99Ms`, measured.gaps.length ? percentile(measured.gaps, 0.99) : 0);
}
