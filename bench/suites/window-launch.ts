/**
 * The launch, measured the way the app runs: the test host bundled like the main process and
 * run by plain Node, on a data folder with many conversations whose last open one is long.
 * Each launch is timed from the host's process start: the service listening (its first
 * answer is possible), then in a fresh Chromium page the first paint, the sidebar interactive
 * (its rows rendered) and the reopened conversation shown (the frame after it is opened); between
 * first paint and the sidebar, when the first screen's data reached the window (`ready`).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
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
import { configureThreeStdioServers, MCP_TIMES, removeMcpServers } from "../window/launch-mcp";
import { ensureBuiltWindow } from "./window";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUNDLE = path.join(ROOT, "out/test-host/test-host-cli.mjs");
const SIZES = { full: { conversations: 10_000, messages: 5_000, launches: 5 }, quick: { conversations: 300, messages: 200, launches: 1 } };

/** In the page, relative to its navigation start: first paint, sidebar rows, the reopened conversation. */
const PAGE_TIMES = String.raw`(async (id) => {
  const at = (e) => e.at - performance.timeOrigin;
  const ready = await window.__bench.waitEvent("ready", {}, 0, 60000);
  const sidebar = await window.__bench.waitEvent("list-rendered", {}, 0, 60000);
  const opened = await window.__bench.waitEvent("conversation-opened", { id }, 0, 60000);
  const shown = await window.__bench.frames2();
  const paint = performance.getEntriesByName("first-contentful-paint")[0] || performance.getEntriesByType("paint")[0];
  return { firstPaint: paint ? paint.startTime : NaN, ready: at(ready), sidebar: at(sidebar), opened: at(opened), shown };
})`;

interface LaunchTimes {
  serviceMs: number;
  firstPaintMs: number;
  /** The first screen's data (the answer to app:launch) in the window, from navigation. */
  readyMs: number;
  sidebarMs: number;
  conversationMs: number;
  totalMs: number;
  /** With MCP servers: when the window learnt that one started, and that all were ready (from navigation). */
  mcpStartedMs?: number;
  mcpReadyMs?: number;
  /** In the host: `app:launch` from its arrival to its answer sent, and the answer's size. */
  launchServiceMs: number;
  launchAnswerKB: number;
}

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

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
      const plain: LaunchTimes[] = [];
      const withServers: LaunchTimes[] = [];
      try {
        // Interleaved, so a change of the machine's load weighs on both alike.
        for (let i = 0; i < size.launches; i++) {
          removeMcpServers(dataFolder);
          plain.push(await launchOnce(browser, dataFolder, server.url, 0));
          configureThreeStdioServers(ROOT, dataFolder);
          withServers.push(await launchOnce(browser, dataFolder, server.url, 3));
        }
      } finally {
        await browser.close().catch(() => undefined);
      }
      reportLaunches(report, plain, withServers, `${size.conversations.toLocaleString("en-US")} conversations, the open one of ${size.messages.toLocaleString("en-US")} messages`);
    });
  } finally {
    await server.close();
  }
}

/** One launch: the host started, then a fresh page on it, timed in the page; with `servers` MCP servers, until they are ready. */
async function launchOnce(browser: Browser, dataFolder: string, modelUrl: string, servers: number): Promise<LaunchTimes> {
  // The page is made first: the launch is timed from the host's start to the page's frames.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript({ content: PROBE_SCRIPT });
  const requestTimes = `${dataFolder}.requests.jsonl`;
  rmSync(requestTimes, { force: true });
  const started = performance.now();
  const host = await startHostProcess(ROOT, dataFolder, modelUrl, { bundle: BUNDLE, requestTimes });
  try {
    const serviceMs = performance.now() - started;
    const navigating = performance.now();
    await page.goto(`${host.url}?transport=ws`, { waitUntil: "commit" });
    const times = (await page.evaluate(`${PAGE_TIMES}(${JSON.stringify(LAUNCH_OPEN_ID)})`)) as Record<string, number>;
    const mcp = servers > 0 ? ((await page.evaluate(`${MCP_TIMES}(${servers})`)) as { started: number; ready: number }) : null;
    const launch = readFileSync(requestTimes, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as { channel: string; ms: number; bytes: number }).find((r) => r.channel === "app:launch");
    return {
      serviceMs,
      launchServiceMs: launch?.ms ?? NaN,
      launchAnswerKB: launch ? launch.bytes / 1024 : NaN,
      firstPaintMs: times.firstPaint,
      readyMs: times.ready,
      sidebarMs: times.sidebar,
      conversationMs: times.shown,
      totalMs: navigating - started + times.shown,
      ...(mcp ? { mcpStartedMs: mcp.started, mcpReadyMs: mcp.ready } : {}),
    };
  } finally {
    await context.close();
    await host.stop();
  }
}

function reportLaunches(report: Report, plain: LaunchTimes[], withServers: LaunchTimes[], what: string): void {
  const m = (launches: LaunchTimes[], key: keyof LaunchTimes) => median(launches.map((l) => l[key] ?? NaN));
  for (const key of ["serviceMs", "launchServiceMs", "launchAnswerKB", "firstPaintMs", "readyMs", "sidebarMs", "conversationMs", "totalMs"] as const) report.set(`windowLaunch.${key}`, m(plain, key));
  report.set("windowLaunch.mcp.firstPaintMs", m(withServers, "firstPaintMs"));
  report.set("windowLaunch.mcp.totalMs", m(withServers, "totalMs"));
  report.set("windowLaunch.mcp.firstPaintDiffMs", Math.abs(m(withServers, "firstPaintMs") - m(plain, "firstPaintMs")));
  report.set("windowLaunch.mcp.startedMs", m(withServers, "mcpStartedMs"));
  report.set("windowLaunch.mcp.readyMs", m(withServers, "mcpReadyMs"));
  const section = report.section(`Launch from the bundled build (${what}; median of ${plain.length})`, ["step", "no MCP server, ms", "3 stdio MCP servers, ms"]);
  const row = (label: string, key: keyof LaunchTimes) => section.rows.push([label, m(plain, key), m(withServers, key)]);
  row("host process start to the service listening, its first answer possible (Node start, bundle load, database open)", "serviceMs");
  row("host: the window's `app:launch` from its arrival to its answer sent (sidebar page + reopened conversation's page)", "launchServiceMs");
  row("host: size of that answer, KB of JSON", "launchAnswerKB");
  row("page: navigation to first paint", "firstPaintMs");
  row("page: navigation to the first screen's data in the window (the answer to app:launch, asked before the app's code loads)", "readyMs");
  row("page: navigation to the sidebar's rows rendered (interactive)", "sidebarMs");
  row("page: navigation to the reopened conversation shown (a frame after)", "conversationMs");
  row("launch to the reopened conversation shown (host start to that frame)", "totalMs");
  section.rows.push(["page: navigation to the window learning an MCP server started", NaN, m(withServers, "mcpStartedMs")]);
  section.rows.push(["page: navigation to all three MCP servers ready", NaN, m(withServers, "mcpReadyMs")]);
  section.notes.push("The page is a fresh browser context each time (no cache), made before the host starts, so the launch is the host's start, the service listening, the navigation and the page's own work.");
  section.notes.push("MCP servers start in the background once the window says its first screen is shown (`app:shown`; the `everything` reference server over stdio, three times): first paint does not wait for them, they start and are ready after it.");
}
