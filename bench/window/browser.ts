/** Chromium, launched by playwright-core with the project's flags. */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { untilChromiumIsQuiet } from "./chromium-quiet";

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
function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}

/** A new browser process on the profile in `folder`, with one page, let finish starting (a launch is timed from then on). */
export async function launchOnProfile(folder: string, args: string[]): Promise<{ page: Page; context: BrowserContext }> {
  const context = await chromium.launchPersistentContext(folder, { executablePath: chromiumPath(), headless: true, args, viewport: { width: 1280, height: 800 } });
  const page = context.pages()[0] ?? (await context.newPage());
  await untilChromiumIsQuiet();
  return { page, context };
}
