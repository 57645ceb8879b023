/** Chromium with the project's flags: launched by playwright-core for the pages it drives (a launch's page: launch-page.ts). */
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "../../test/support/chromium";

export const CHROMIUM_FLAGS = [
  ...CHROMIUM_ARGS,
  // performance.memory with exact figures (it is rounded and delayed otherwise).
  "--enable-precise-memory-info",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}
