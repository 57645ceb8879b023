/**
 * Around each test that launches the app's entry (main.ts) on the stand-in electron: a fresh
 * stand-in and a data folder of the test's own (ALPINE_USER_DATA) before; after, the test's own
 * tidying first (a quit, the argv it changed), then the SIGTERM/SIGINT listeners main.ts wired
 * on this process taken off again and the folder removed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { resetFakeElectron } from "./fake-electron";

export interface AppEntryScratch {
  /** This test's data folder. */
  readonly userData: string;
}

export function useAppEntryScratch(tidyFirst: () => void | Promise<void> = () => undefined): AppEntryScratch {
  const scratch = { userData: "" };
  let signalListeners: { SIGTERM: Function[]; SIGINT: Function[] } = { SIGTERM: [], SIGINT: [] };
  beforeEach(() => {
    resetFakeElectron();
    scratch.userData = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
    process.env.ALPINE_USER_DATA = scratch.userData;
    signalListeners = { SIGTERM: process.listeners("SIGTERM"), SIGINT: process.listeners("SIGINT") };
  });
  afterEach(async () => {
    await tidyFirst();
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      for (const listener of process.listeners(signal)) if (!signalListeners[signal].includes(listener)) process.off(signal, listener as never);
    }
    delete process.env.ALPINE_USER_DATA;
    // A service a test left open may still be tidying its attachments folder: retry (asynchronously,
    // so that its writes can finish) while it empties.
    await fs.promises.rm(scratch.userData, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
  });
  return scratch;
}
