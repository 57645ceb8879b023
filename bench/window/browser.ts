/** Chromium, launched by playwright-core with the project's flags. */
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

export function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
}
