/**
 * The launch with the first screen kept from the last session (the window keeps it a moment
 * after it comes to rest; the next page is served with it, so the reopened conversation is
 * visible at the first paint, before the app's code runs). Measured beside the same launch
 * without it: the live app's own times are reported either way.
 */
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { Report } from "../lib/report";
import { median } from "../lib/stats";
import type { HostProcess } from "./host-process";
import type { LaunchPage } from "./launch-page";

const FILE_NAME = "first-screen.json";
/** In the page: until the window has kept its first screen. (A string: nothing a bundler adds reaches the page.) */
const UNTIL_KEPT = String.raw`new Promise((resolve, reject) => {
  const kept = () => (window.__alpineEvents || []).some((e) => e.name === "first-screen-kept" && e.detail && e.detail.kept);
  if (kept()) return resolve(true);
  const timer = setTimeout(() => reject(new Error("the window did not keep its first screen within 60 s")), 60000);
  window.addEventListener("alpine:first-screen-kept", () => {
    if (!kept()) return;
    clearTimeout(timer);
    resolve(true);
  });
})`;

/** One untimed launch that stays until the window has kept its first screen. */
export async function keepFirstScreenOnce(open: () => Promise<LaunchPage>, startHost: () => Promise<HostProcess>): Promise<void> {
  const host = await startHost();
  const { page, close } = await open();
  try {
    await page.goto(`${host.url}?transport=ws`);
    await page.evaluate(UNTIL_KEPT);
  } finally {
    await close();
    await host.stop();
  }
}

/** `launch` with no kept first screen in `dataFolder` (as after an update, or on a first launch); put back after. */
export async function withoutKeptFirstScreen<T>(dataFolder: string, launch: () => Promise<T>): Promise<T> {
  const file = path.join(dataFolder, FILE_NAME);
  const aside = `${file}.aside`;
  if (!existsSync(file)) throw new Error("No kept first screen to set aside: the window did not keep one.");
  renameSync(file, aside);
  try {
    return await launch();
  } finally {
    rmSync(file, { force: true });
    renameSync(aside, file);
  }
}

interface Times {
  firstPaintMs: number;
  sidebarMs: number;
  conversationMs: number;
  totalMs: number;
  visibleMs: number;
  visibleTotalMs: number;
  appStartMs: number;
  startedByTimeout: number;
}

export function reportKeptFirstScreen(report: Report, withKept: Times[], withoutKept: Times[], what: string): void {
  const m = (launches: Times[], key: keyof Times) => median(launches.map((l) => l[key]));
  report.set("windowLaunch.visibleMs", m(withKept, "visibleMs"));
  report.set("windowLaunch.visibleTotalMs", m(withKept, "visibleTotalMs"));
  for (const key of ["firstPaintMs", "sidebarMs", "conversationMs", "totalMs"] as const) report.set(`windowLaunch.noKeptScreen.${key}`, m(withoutKept, key));
  const section = report.section(`Launch with the first screen kept from the last session (${what}; first launch of the browser; median of ${withKept.length}, interleaved)`, [
    "step",
    "with the kept first screen, ms",
    "without (removed), ms",
  ]);
  const row = (label: string, key: keyof Times) => section.rows.push([label, m(withKept, key), m(withoutKept, key)]);
  row("page: navigation to first paint", "firstPaintMs");
  row("page: navigation to the reopened conversation visible (with a kept screen: its first paint)", "visibleMs");
  row("launch to the reopened conversation visible (host start to that paint)", "visibleTotalMs");
  row("page: navigation to the app's start (after the kept screen's first frame, or at most 250 ms)", "appStartMs");
  section.rows.push(["launches whose app started at the end of that wait, not after the frame", withKept.reduce((n, l) => n + l.startedByTimeout, 0), NaN]);
  row("page: navigation to the live sidebar's rows rendered", "sidebarMs");
  row("page: navigation to the live conversation shown", "conversationMs");
  row("launch to the live conversation shown (host start to that frame)", "totalMs");
  section.notes.push(
    "The window keeps its first screen (the sidebar and the open conversation as markup, no styles or scripts) a moment after it comes to rest; the host serves the next page with it when the style sheets are the same build's. It is shown until the app's first render replaces it in one task, which makes the sidebar live and keeps the conversation's kept rows in the live pane until its live list replaces them in the next task (the live times are the live app's); a conversation clicked, New conversation, or words typed on it meanwhile are carried out by the app as it takes over. Without it (first launch after install, after an update, after a deletion): the live times only.",
  );
}
