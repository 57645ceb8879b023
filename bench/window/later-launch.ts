/**
 * A later launch, as opposed to the very first one after install: the browser keeps its profile
 * on disk between launches (HTTP cache, V8's code cache), and the window comes from the same
 * origin every time, as the app's window always comes from `app://alpine` (whose scheme is
 * registered with `codeCache: true`, src/main/electron/app-protocol.ts). Each launch is a new
 * browser process on that profile, so nothing but what is on disk carries over.
 *
 * Chromium keeps a script's compiled code after it has been loaded twice from the same cached
 * response, and uses it from the third load on: a profile is warmed by two untimed launches.
 * Chromium 150's background resource fetch (on by default) compiled the app chunk afresh on
 * every launch in our traces, the code cache on disk notwithstanding; with that feature off the
 * chunk's code came from the cache. Both are measured; `consumedCodeCacheKB` checks it in a trace.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_FLAGS } from "./browser";
import { launchOnProfile, type LaunchPage } from "./launch-page";

export interface LaterLaunchProfile {
  /** The host's port, the same for every launch on this profile (the origin the caches are kept for). */
  port: number;
  /** The host's compile cache, kept with the profile: a later launch's main process reads its code compiled (compile-cache.ts). */
  hostCompileCache: string;
  /** A new browser on the profile, with one page. */
  open(): Promise<LaunchPage>;
  remove(): void;
}

/** Chromium's flags for a later launch; `codeCache`: with the background resource fetch off, so V8's code cache is used. */
export function laterLaunchFlags(codeCache: boolean): string[] {
  return codeCache ? [...CHROMIUM_FLAGS, "--disable-features=BackgroundResourceFetch"] : CHROMIUM_FLAGS;
}

/** `settle`: as for `launchOnProfile`. */
export async function createLaterLaunchProfile(codeCache: boolean, settle = true): Promise<LaterLaunchProfile> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "alpine-bench-profile-"));
  const port = await freeLoopbackPort();
  return {
    port,
    hostCompileCache: path.join(folder, "Host Compile Cache"),
    open: () => launchOnProfile(folder, laterLaunchFlags(codeCache), { settle }),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface TraceEvent {
  name?: string;
  args?: { data?: { url?: string; consumedCacheSize?: number } };
}

/** The compiled code V8 took from its cache for the window's scripts during a trace, in KB. */
export function consumedCodeCacheKB(traceJson: string): number {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  let bytes = 0;
  for (const e of events) if ((e.name === "v8.compileModule" || e.name === "v8.compile") && e.args?.data?.url?.includes("/assets/")) bytes += e.args.data.consumedCacheSize ?? 0;
  return bytes / 1024;
}

/** Chromium's trace categories that carry `consumedCacheSize`. */
export const CODE_CACHE_TRACE_CATEGORIES = ["v8", "devtools.timeline", "disabled-by-default-v8.compile"];
