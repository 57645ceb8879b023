/**
 * The launch, measured the way the app runs: the test host bundled like the main process and
 * run by plain Node, on a data folder with many conversations whose last open one is long.
 * Each launch is timed from the host's process start: the service listening (its first
 * answer is possible), then in a fresh Chromium page the first paint, the sidebar interactive
 * (its rows rendered) and the reopened conversation shown (the frame after it is opened).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startModelServer } from "../../test/support/model-server";
import type { BenchConfig } from "../config";
import type { Report } from "../lib/report";
import { median } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { launchBrowser } from "../window/browser";
import { startHostProcess } from "../window/host-process";
import { LAUNCH_OPEN_ID, seedLaunchData } from "../window/launch-seed";
import { PROBE_SCRIPT } from "../window/page-probes";
import { ensureBuiltWindow } from "./window";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUNDLE = path.join(ROOT, "out/test-host/test-host-cli.mjs");
const SIZES = { full: { conversations: 10_000, messages: 5_000, launches: 5 }, quick: { conversations: 300, messages: 200, launches: 1 } };

/** In the page, relative to its navigation start: first paint, sidebar rows, the reopened conversation. */
const PAGE_TIMES = String.raw`(async (id) => {
  const at = (e) => e.at - performance.timeOrigin;
  const sidebar = await window.__bench.waitEvent("list-rendered", {}, 0, 60000);
  const opened = await window.__bench.waitEvent("conversation-opened", { id }, 0, 60000);
  const shown = await window.__bench.frames2();
  const paint = performance.getEntriesByName("first-contentful-paint")[0] || performance.getEntriesByType("paint")[0];
  return { firstPaint: paint ? paint.startTime : NaN, sidebar: at(sidebar), opened: at(opened), shown };
})`;

interface LaunchTimes {
  serviceMs: number;
  firstPaintMs: number;
  sidebarMs: number;
  conversationMs: number;
  totalMs: number;
}

export async function runWindowLaunch(report: Report, config: BenchConfig): Promise<void> {
  ensureBuiltWindow();
  const built = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-test-host.mjs")], { cwd: ROOT, stdio: "inherit" });
  if (built.status !== 0) throw new Error("The test host could not be bundled (scripts/build-test-host.mjs failed).");
  const size = SIZES[config.mode];
  const server = await startModelServer();
  try {
    await withTempFolder(async (root) => {
      const dataFolder = path.join(root, "data");
      mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
      seedLaunchData(dataFolder, size.conversations, size.messages, config.entryChars);
      const browser = await launchBrowser();
      const launches: LaunchTimes[] = [];
      try {
        for (let i = 0; i < size.launches; i++) {
          const started = performance.now();
          const host = await startHostProcess(ROOT, dataFolder, server.url, { bundle: BUNDLE });
          const serviceMs = performance.now() - started;
          const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
          try {
            const page = await context.newPage();
            await page.addInitScript({ content: PROBE_SCRIPT });
            const navigating = performance.now();
            await page.goto(`${host.url}?transport=ws`, { waitUntil: "commit" });
            const times = (await page.evaluate(`${PAGE_TIMES}(${JSON.stringify(LAUNCH_OPEN_ID)})`)) as Record<string, number>;
            const toPage = navigating - started;
            launches.push({
              serviceMs,
              firstPaintMs: times.firstPaint,
              sidebarMs: times.sidebar,
              conversationMs: times.shown,
              totalMs: toPage + times.shown,
            });
          } finally {
            await context.close();
            await host.stop();
          }
        }
      } finally {
        await browser.close().catch(() => undefined);
      }
      const m = (key: keyof LaunchTimes) => median(launches.map((l) => l[key]));
      report.set("windowLaunch.serviceMs", m("serviceMs"));
      report.set("windowLaunch.firstPaintMs", m("firstPaintMs"));
      report.set("windowLaunch.sidebarMs", m("sidebarMs"));
      report.set("windowLaunch.conversationMs", m("conversationMs"));
      report.set("windowLaunch.totalMs", m("totalMs"));
      const n = `${size.conversations.toLocaleString("en-US")} conversations, the open one of ${size.messages.toLocaleString("en-US")} messages`;
      const section = report.section(`Launch from the bundled build (${n}; median of ${launches.length})`, ["step", "ms"]);
      section.rows.push(["host process start to the service listening (Node start, bundle load, database open)", m("serviceMs")]);
      section.rows.push(["page: navigation to first paint", m("firstPaintMs")]);
      section.rows.push(["page: navigation to the sidebar's rows rendered", m("sidebarMs")]);
      section.rows.push(["page: navigation to the reopened conversation shown (a frame after)", m("conversationMs")]);
      section.rows.push(["launch to the reopened conversation shown (host start to that frame)", m("totalMs")]);
      section.notes.push("The page is a fresh browser context each time (no cache); the time between the service listening and the navigation is the benchmark's own (Chromium already running).");
    });
  } finally {
    await server.close();
  }
}
