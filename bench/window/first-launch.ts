/**
 * The first launch after install, as the app makes it: a new browser process on an empty
 * profile (no HTTP cache, no compiled code), with one page, let finish starting before the
 * host starts; the profile is removed when the page is closed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_FLAGS } from "./browser";
import { launchOnProfile, type LaunchPage } from "./launch-page";

/** `settle`: as for `launchOnProfile`. */
export async function openFirstLaunch(settle = true): Promise<LaunchPage> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "alpine-bench-first-"));
  const { page, close } = await launchOnProfile(folder, CHROMIUM_FLAGS, { settle });
  return {
    page,
    close: async () => {
      await close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
