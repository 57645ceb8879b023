/**
 * The first launch after install, as the app makes it: a new browser process on an empty
 * profile (no HTTP cache, no compiled code), with one page, let finish starting before the
 * host starts; the profile is removed when the page is closed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_FLAGS, launchOnProfile } from "./browser";
import type { LaunchPage } from "./later-launch";

export async function openFirstLaunch(): Promise<LaunchPage> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "alpine-bench-first-"));
  const { page, context } = await launchOnProfile(folder, CHROMIUM_FLAGS);
  return {
    page,
    context,
    close: async () => {
      await context.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
