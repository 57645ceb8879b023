/**
 * Waiting for a Chromium just launched to finish starting, before a launch is timed: a browser
 * process starting (its zygote, network service, first renderer) takes the 2 cores for a moment.
 */
import { existsSync } from "node:fs";
import { CHROMIUM_KINDS, descendantCpuMs } from "./process-cpu";

const QUIET_STEP_MS = 100;
const QUIET_CPU_MS = 10;
const QUIET_WAIT_MAX_MS = 3_000;

/** Waits until this process's Chromium processes used at most 10 ms of CPU in each of two 100 ms steps (3 s at most; Linux only). */
export async function untilChromiumIsQuiet(): Promise<void> {
  if (!existsSync("/proc/self/stat")) return;
  let before = chromiumCpuMs();
  let quietSteps = 0;
  for (let waited = 0; waited < QUIET_WAIT_MAX_MS && quietSteps < 2; waited += QUIET_STEP_MS) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_STEP_MS));
    const now = chromiumCpuMs();
    quietSteps = now - before <= QUIET_CPU_MS ? quietSteps + 1 : 0;
    before = now;
  }
}

/** CPU time used so far by the Chromium processes this process started, in ms. */
function chromiumCpuMs(): number {
  let ms = 0;
  for (const [kind, used] of descendantCpuMs()) if (CHROMIUM_KINDS.includes(kind)) ms += used;
  return ms;
}
