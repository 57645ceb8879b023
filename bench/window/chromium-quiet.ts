/**
 * Waiting for a Chromium just launched to finish starting, before a launch is timed: a browser
 * process starting (its zygote, network service, first renderer) takes the 2 cores for a moment.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";

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

/** CPU time used so far by the Chromium processes this process started (from /proc), in ms. */
function chromiumCpuMs(): number {
  const stats = new Map<number, { parent: number; name: string; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(entry), { parent: Number(fields[1]), name: text.slice(text.indexOf("(") + 1, text.lastIndexOf(")")), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while it was read.
    }
  }
  const ours = (pid: number) => {
    for (let at = stats.get(pid), depth = 0; at && depth < 8; at = stats.get(at.parent), depth++) if (at.parent === process.pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, stat] of stats) if (stat.name.startsWith("chrom") && ours(pid)) ticks += stat.ticks;
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}
