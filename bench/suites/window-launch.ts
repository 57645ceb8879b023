/**
 * The launch, measured the way the app runs: the test host bundled like the main process and
 * run by plain Node, on a data folder with many conversations whose last open one is long.
 * Each launch is timed from the host's process start: the service listening (its first
 * answer is possible), then in a fresh Chromium page the first paint, the sidebar interactive
 * (its rows rendered) and the reopened conversation shown (the frame after it is opened); between
 * first paint and the sidebar, when the first screen's data reached the window (`ready`).
 * Two kinds of launch: the first after install (a new browser on an empty profile: nothing cached), and a
 * later one (a browser profile kept on disk, the window from the same origin: its files and their
 * compiled code cached, as the app's `app://` window has them from its second launch on).
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
import { openFirstLaunch } from "../window/first-launch";
import { startHostProcess } from "../window/host-process";
import { CODE_CACHE_TRACE_CATEGORIES, consumedCodeCacheKB, createLaterLaunchProfile, type LaterLaunchProfile } from "../window/later-launch";
import type { LaunchPage } from "../window/launch-page";
import { LAUNCH_OPEN_ID, seedLaunchData } from "../window/launch-seed";
import { PROBE_SCRIPT } from "../window/page-probes";
import { INTERACTIVE_AT } from "../window/interactive-time";
import { readHostTimeline } from "../window/host-timeline";
import { configureThreeStdioServers, MCP_TIMES, removeMcpServers } from "../window/launch-mcp";
import { ensureBuiltWindow } from "./window";
import { floorLaunch, type FloorLaunch } from "../window/floor-launch";
import { cpuSpent, descendantCpuMs, type ProcessKind } from "../window/process-cpu";
import { reportLaunchCpu } from "../window/launch-cpu-report";
import { keepFirstScreenOnce, reportKeptFirstScreen, withoutKeptFirstScreen } from "../window/kept-first-screen";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUNDLE = path.join(ROOT, "out/test-host/test-host-cli.mjs");
// Quick mode checks that every figure is made, not the cache's effect: one warm-up launch per kept profile.
const SIZES = { full: { conversations: 10_000, messages: 5_000, launches: 5, warmUps: 2 }, quick: { conversations: 300, messages: 200, launches: 1, warmUps: 1 } };

/**
 * The window's language for the launches (`ALPINE_BENCH_LANGUAGE=de` or `ja`): its catalogue is then the one
 * the first screen loads, against the same targets as English (the default, the setting left at "system").
 */
const LAUNCH_LANGUAGE = process.env.ALPINE_BENCH_LANGUAGE?.trim() || null;

/** In the page, relative to its navigation start: first paint, sidebar rows, the reopened conversation. */
const PAGE_TIMES = String.raw`(async (id) => {
  const at = (e) => e.at - performance.timeOrigin;
  const ready = await window.__bench.waitEvent("ready", {}, 0, 60000);
  const sidebar = await window.__bench.waitEvent("list-rendered", {}, 0, 60000);
  const opened = await window.__bench.waitEvent("conversation-opened", { id }, 0, 60000);
  const shown = await window.__bench.frames2();
  const paint = performance.getEntriesByName("first-contentful-paint")[0] || performance.getEntriesByType("paint")[0];
  // The page came with the first screen kept from the last session, showing this conversation: it is visible at the first paint.
  const kept = (window.__alpineEvents || []).find((e) => e.name === "first-screen-restored");
  const keptShowsIt = !!kept && kept.detail && kept.detail.conversationId === id;
  // With a kept screen, the app starts after its first frame, or after a wait that the frames outlasted.
  const start = performance.getEntriesByName("alpine-start-after-first-frame")[0];
  const appStart = start ? start.startTime : NaN;
  const startedByTimeout = start && start.detail && start.detail.by === "timeout" ? 1 : 0;
  // The live sidebar answers input once no long task holds the page after its rows (interactive-time.ts);
  // the probe's observer has the long tasks two frames after they end: two more frames first.
  const rows = at(sidebar);
  await window.__bench.frames2();
  const interactive = ${INTERACTIVE_AT}(rows, shown, window.__bench.longTasks);
  return { firstPaint: paint ? paint.startTime : NaN, ready: at(ready), sidebar: rows, interactive, opened: at(opened), shown, visible: keptShowsIt && paint ? paint.startTime : shown, appStart, startedByTimeout };
})`;

interface LaunchTimes {
  serviceMs: number;
  firstPaintMs: number;
  /** The first screen's data (the answer to app:launch) in the window, from navigation. */
  readyMs: number;
  sidebarMs: number;
  /** The sidebar's rows rendered and the page free for input again (no long task from the one that rendered them until the conversation is shown: interactive-time.ts); from navigation, and from the host's start. */
  interactiveMs: number;
  interactiveTotalMs: number;
  conversationMs: number;
  totalMs: number;
  /** The reopened conversation visible: at first paint with a kept first screen, else when shown. From navigation, and from the host's start. */
  visibleMs: number;
  visibleTotalMs: number;
  /** With a kept screen: the app's start after its first frame (from navigation), and 1 when the wait ended it instead. */
  appStartMs: number;
  startedByTimeout: number;
  /** With MCP servers: when the window learnt that one started, and that all were ready (from navigation). */
  mcpStartedMs?: number;
  mcpReadyMs?: number;
  /** In the host: `app:launch` from its arrival to its answer sent, and the answer's size. */
  launchServiceMs: number;
  launchAnswerKB: number;
  /** The host's own steps, ms from its process's start (host-timeline.ts): its service's code loaded, the service open, the first screen read ahead, `app:launch` arrived. */
  hostCodeLoadedMs: number;
  hostServiceOpenMs: number;
  hostFirstScreenReadMs: number;
  hostLaunchArrivedMs: number;
  /** CPU used from the host's start to the live conversation shown, by kind of process. */
  cpuMs: Map<ProcessKind, number>;
}

/** The figures of a launch that are times or sizes. */
type LaunchFigure = { [K in keyof LaunchTimes]-?: LaunchTimes[K] extends number | undefined ? K : never }[keyof LaunchTimes];

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
      seedLaunchData(dataFolder, size.conversations, size.messages, config.entryChars, LAUNCH_LANGUAGE);
      const plain: LaunchTimes[] = [];
      const withServers: LaunchTimes[] = [];
      const noKeptScreen: LaunchTimes[] = [];
      const later: LaunchTimes[] = [];
      const laterCodeCache: LaunchTimes[] = [];
      const floor: FloorLaunch[] = [];
      // The quick run starts each launch without waiting for the new browser to go quiet: its figures only need to be made.
      const settle = config.mode === "full";
      const httpCacheOnly = await createLaterLaunchProfile(false, settle);
      const withCodeCache = await createLaterLaunchProfile(true, settle);
      let consumedKB = { httpCacheOnly: NaN, withCodeCache: NaN };
      try {
        const first = () => openFirstLaunch(settle);
        removeMcpServers(dataFolder);
        // The previous session's window kept its first screen, as a person's would have.
        await keepFirstScreenOnce(first, () => startHostProcess(ROOT, dataFolder, server.url, { bundle: BUNDLE }));
        // Untimed launches on each kept profile: after two, Chromium has cached the files and their compiled code.
        for (const profile of [httpCacheOnly, withCodeCache]) for (let warm = 0; warm < size.warmUps; warm++) await launchOnce(() => profile.open(), dataFolder, server.url, 0, profile);
        // Interleaved, so a change of the machine's load weighs on all alike.
        const withThreeServers = async () => {
          configureThreeStdioServers(ROOT, dataFolder);
          try {
            return await launchOnce(first, dataFolder, server.url, 3);
          } finally {
            removeMcpServers(dataFolder);
          }
        };
        for (let i = 0; i < size.launches; i++) {
          removeMcpServers(dataFolder);
          floor.push(await floorLaunch(first));
          // The launches with and without MCP servers one right after the other, each first in every other
          // round: the pair then differs in the servers alone, not in the launch that ran before it.
          if (i % 2 === 0) plain.push(await launchOnce(first, dataFolder, server.url, 0));
          withServers.push(await withThreeServers());
          if (i % 2 === 1) plain.push(await launchOnce(first, dataFolder, server.url, 0));
          noKeptScreen.push(await withoutKeptFirstScreen(dataFolder, () => launchOnce(first, dataFolder, server.url, 0)));
          later.push(await launchOnce(() => httpCacheOnly.open(), dataFolder, server.url, 0, httpCacheOnly));
          laterCodeCache.push(await launchOnce(() => withCodeCache.open(), dataFolder, server.url, 0, withCodeCache));
        }
        removeMcpServers(dataFolder);
        // Once more each, traced (not timed): did the compiled code come from the cache?
        consumedKB = { httpCacheOnly: await tracedCodeCacheKB(httpCacheOnly, dataFolder, server.url), withCodeCache: await tracedCodeCacheKB(withCodeCache, dataFolder, server.url) };
      } finally {
        httpCacheOnly.remove();
        withCodeCache.remove();
      }
      const what = `${size.conversations.toLocaleString("en-US")} conversations, the open one of ${size.messages.toLocaleString("en-US")} messages`;
      reportLaunches(report, plain, withServers, what);
      reportKeptFirstScreen(report, plain, noKeptScreen, what);
      reportLaterLaunches(report, plain, later, laterCodeCache, consumedKB, what);
      reportLaunchCpu(report, plain, noKeptScreen, floor, what);
    });
  } finally {
    await server.close();
  }
}

/**
 * One launch: the host started, then the page made by `open` on it, timed in the page; with `servers`
 * MCP servers, until they are ready. `later`: a later launch's profile (the host on its fixed port, the
 * same origin, with its compile cache); a first launch has neither.
 */
async function launchOnce(open: () => Promise<LaunchPage>, dataFolder: string, modelUrl: string, servers: number, later?: LaterLaunchProfile): Promise<LaunchTimes> {
  // The page is made first: the launch is timed from the host's start to the page's frames.
  const { page, close } = await open();
  await page.addInitScript(PROBE_SCRIPT);
  const requestTimes = `${dataFolder}.requests.jsonl`;
  rmSync(requestTimes, { force: true });
  const cpuBefore = descendantCpuMs();
  const started = performance.now();
  const host = await startHostProcess(ROOT, dataFolder, modelUrl, { bundle: BUNDLE, requestTimes, port: later?.port, compileCache: later?.hostCompileCache });
  try {
    const serviceMs = performance.now() - started;
    const navigating = performance.now();
    await page.goto(`${host.url}?transport=ws`);
    const times = await page.evaluate<Record<string, number>>(`${PAGE_TIMES}(${JSON.stringify(LAUNCH_OPEN_ID)})`);
    const cpuMs = cpuSpent(cpuBefore, descendantCpuMs());
    const mcp = servers > 0 ? await page.evaluate<{ started: number; ready: number }>(`${MCP_TIMES}(${servers})`) : null;
    const { steps, launch } = readHostTimeline(readFileSync(requestTimes, "utf8"));
    return {
      serviceMs,
      launchServiceMs: launch?.ms ?? NaN,
      launchAnswerKB: launch ? launch.bytes / 1024 : NaN,
      hostCodeLoadedMs: steps["service code loaded"],
      hostServiceOpenMs: steps["service open"],
      hostFirstScreenReadMs: steps["first screen read ahead"],
      hostLaunchArrivedMs: launch?.arrivedAtMs ?? NaN,
      firstPaintMs: times.firstPaint,
      readyMs: times.ready,
      sidebarMs: times.sidebar,
      interactiveMs: times.interactive,
      interactiveTotalMs: navigating - started + times.interactive,
      conversationMs: times.shown,
      totalMs: navigating - started + times.shown,
      visibleMs: times.visible,
      visibleTotalMs: navigating - started + times.visible,
      appStartMs: times.appStart,
      startedByTimeout: times.startedByTimeout,
      cpuMs,
      ...(mcp ? { mcpStartedMs: mcp.started, mcpReadyMs: mcp.ready } : {}),
    };
  } finally {
    await close();
    await host.stop();
  }
}

/** One more later launch on `profile`, traced: how much compiled code V8 took from its cache, in KB. */
async function tracedCodeCacheKB(profile: LaterLaunchProfile, dataFolder: string, modelUrl: string): Promise<number> {
  const launch = await profile.open();
  const host = await startHostProcess(ROOT, dataFolder, modelUrl, { bundle: BUNDLE, port: profile.port, compileCache: profile.hostCompileCache });
  try {
    await launch.page.addInitScript(PROBE_SCRIPT);
    const { trace } = await launch.page.trace(CODE_CACHE_TRACE_CATEGORIES, async () => {
      await launch.page.goto(`${host.url}?transport=ws`);
      await launch.page.evaluate(`${PAGE_TIMES}(${JSON.stringify(LAUNCH_OPEN_ID)})`);
    });
    return consumedCodeCacheKB(trace);
  } finally {
    await launch.close();
    await host.stop();
  }
}

function reportLaunches(report: Report, plain: LaunchTimes[], withServers: LaunchTimes[], what: string): void {
  const m = (launches: LaunchTimes[], key: LaunchFigure) => median(launches.map((l) => l[key] ?? NaN));
  for (const key of ["serviceMs", "hostCodeLoadedMs", "hostServiceOpenMs", "hostFirstScreenReadMs", "hostLaunchArrivedMs", "launchServiceMs", "launchAnswerKB", "firstPaintMs", "readyMs", "sidebarMs", "interactiveMs", "interactiveTotalMs", "conversationMs", "totalMs"] as const) report.set(`windowLaunch.${key}`, m(plain, key));
  report.set("windowLaunch.mcp.firstPaintMs", m(withServers, "firstPaintMs"));
  report.set("windowLaunch.mcp.totalMs", m(withServers, "totalMs"));
  // How much later the first paint is with the servers: the median of the launches' differences,
  // each launch with servers against the one without it was interleaved with (negative: earlier).
  report.set("windowLaunch.mcp.firstPaintDiffMs", median(withServers.map((l, i) => l.firstPaintMs - plain[i].firstPaintMs)));
  report.set("windowLaunch.mcp.startedMs", m(withServers, "mcpStartedMs"));
  report.set("windowLaunch.mcp.readyMs", m(withServers, "mcpReadyMs"));
  const section = report.section(`Launch from the bundled build (${what}; median of ${plain.length})`, ["step", "no MCP server, ms", "3 stdio MCP servers, ms"]);
  const row = (label: string, key: LaunchFigure) => section.rows.push([label, m(plain, key), m(withServers, key)]);
  row("host process start to the host listening (serving the window's files; the service's first answer may wait for its database to open)", "serviceMs");
  row("host: its service's code loaded (ms from the host process's start, by its own clock; so are the next three)", "hostCodeLoadedMs");
  row("host: the service open (its database opened)", "hostServiceOpenMs");
  row("host: the first screen's reads done ahead of the window's request", "hostFirstScreenReadMs");
  row("host: the window's `app:launch` arrived", "hostLaunchArrivedMs");
  row("host: the window's `app:launch` from its arrival to its answer sent (any wait for the service to open, sidebar page + reopened conversation's page)", "launchServiceMs");
  row("host: size of that answer, KB of JSON", "launchAnswerKB");
  row("page: navigation to first paint", "firstPaintMs");
  row("page: navigation to the first screen's data in the window (the answer to app:launch, asked before the app's code loads)", "readyMs");
  row("page: navigation to the sidebar's rows rendered", "sidebarMs");
  row("page: navigation to the live sidebar interactive (its rows rendered, and the task that rendered them and any long task after it until the conversation is shown over)", "interactiveMs");
  row("launch to the live sidebar interactive (host start to the end of those tasks)", "interactiveTotalMs");
  row("page: navigation to the reopened conversation shown (a frame after)", "conversationMs");
  row("launch to the reopened conversation shown (host start to that frame)", "totalMs");
  section.rows.push(["page: navigation to the window learning an MCP server started", NaN, m(withServers, "mcpStartedMs")]);
  section.rows.push(["page: navigation to all three MCP servers ready", NaN, m(withServers, "mcpReadyMs")]);
  section.notes.push("FIRST LAUNCH (the app's first after install): a new browser process on an empty profile each time (no cache), started and let finish starting before the host starts, so the launch is the host's start, the service listening, the navigation and the page's own work. Later launches: the last table.");
  section.notes.push("The data folder holds the first screen its previous session's window kept (as after any session): the page paints it before the app's code runs. The rows here time the live app; the kept screen's paint, and the same launches without it, are in the next table.");
  section.notes.push(
    "The page is driven over Chromium's DevTools pipe without the Runtime domain (`bench/window/launch-page.ts`), as the app's window runs with no DevTools: with Runtime on (Playwright turns it on for every page it drives), V8 records a stack trace with source positions for each Error made, and React DOM makes three as its module loads, so the app chunk was parsed a second time at every launch.",
  );
  section.notes.push("MCP servers start in the background once the window says its first screen is shown (`app:shown`; the `everything` reference server over stdio, three times): first paint does not wait for them, they start and are ready after it.");
}

function reportLaterLaunches(report: Report, first: LaunchTimes[], later: LaunchTimes[], laterCodeCache: LaunchTimes[], consumedKB: { httpCacheOnly: number; withCodeCache: number }, what: string): void {
  const m = (launches: LaunchTimes[], key: LaunchFigure) => median(launches.map((l) => l[key] ?? NaN));
  for (const key of ["serviceMs", "firstPaintMs", "visibleTotalMs", "readyMs", "sidebarMs", "interactiveTotalMs", "conversationMs", "totalMs"] as const) {
    report.set(`windowLaunch.later.${key}`, m(later, key));
    report.set(`windowLaunch.laterCodeCache.${key}`, m(laterCodeCache, key));
  }
  report.set("windowLaunch.later.consumedCodeCacheKB", consumedKB.httpCacheOnly);
  report.set("windowLaunch.laterCodeCache.consumedCodeCacheKB", consumedKB.withCodeCache);
  const section = report.section(`First launch and later launches (${what}; no MCP server; median of ${first.length}, interleaved)`, [
    "step",
    "first launch (fresh profile), ms",
    "later launch (kept profile: HTTP cache), ms",
    "later launch (kept profile: HTTP cache + V8 code cache), ms",
  ]);
  const row = (label: string, key: LaunchFigure) => section.rows.push([label, m(first, key), m(later, key), m(laterCodeCache, key)]);
  row("host process start to the host listening", "serviceMs");
  row("page: navigation to first paint", "firstPaintMs");
  row("launch to the reopened conversation visible (host start to the kept screen's first paint)", "visibleTotalMs");
  row("page: navigation to the first screen's data in the window (`ready`)", "readyMs");
  row("page: navigation to the sidebar's rows rendered", "sidebarMs");
  row("launch to the live sidebar interactive (host start to its rows rendered and no long task holding the page after them)", "interactiveTotalMs");
  row("page: navigation to the reopened conversation shown", "conversationMs");
  row("launch to the reopened conversation shown (host start to that frame)", "totalMs");
  section.rows.push(["compiled code V8 took from its cache in one traced launch, KB", 0, consumedKB.httpCacheOnly, consumedKB.withCodeCache]);
  section.notes.push(
    "First launch: a new browser process on an empty profile (the app's very first launch after install), the host with no compile cache. Later launch: a browser profile kept on disk, a new browser process on it each launch, the host on the same port every time (one origin, like the app's `app://alpine`), the window's hashed files served cacheable, and the host's Node compile cache kept with the profile, as the app's main process keeps its own (compile-cache.ts); two untimed launches first, after which Chromium has the files and their compiled code on disk, and the host its own.",
  );
  section.notes.push(
    "Chromium 150's background resource fetch (on by default) compiled the app chunk afresh on every later launch in our traces, its code cache on disk notwithstanding (0 KB taken in the middle column); the last column turns that feature off (`--disable-features=BackgroundResourceFetch`) so the code cache is used, as the app's `app://` scheme registered with `codeCache: true` asks (whether Electron's Chromium takes the same path is not measurable here).",
  );
}
