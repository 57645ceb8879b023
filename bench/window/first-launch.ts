/**
 * The first launch after install, as the app makes it: a new browser process on an empty
 * profile (no HTTP cache, no compiled code), with one page, let finish starting before the
 * host starts; the profile is removed when the page is closed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS } from "./browser";
import { untilChromiumIsQuiet } from "./chromium-quiet";
import type { LaunchPage } from "./later-launch";

export async function openFirstLaunch(): Promise<LaunchPage> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "alpine-bench-first-"));
  const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  const context = await chromium.launchPersistentContext(folder, { executablePath, headless: true, args: CHROMIUM_FLAGS, viewport: { width: 1280, height: 800 } });
  const page = context.pages()[0] ?? (await context.newPage());
  await untilChromiumIsQuiet();
  return {
    page,
    context,
    close: async () => {
      await context.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
