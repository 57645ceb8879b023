/** Chromium with the project's flags: launched by playwright-core for the pages it drives (a launch's page: launch-page.ts). */
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // performance.memory with exact figures (it is rounded and delayed otherwise).
  "--enable-precise-memory-info",
];

/** The Chromium to run: CHROMIUM_PATH, else Debian's. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}
