/**
 * Contention on purpose: a process that keeps one core busy for the whole run, as other work on
 * a person's laptop does (`npm run bench -- --beside-busy-loop`). A figure that holds only when
 * nothing else runs is not one people get; this run says which hold beside it.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export const BUSY_LOOP = "a busy loop on one core (a process of its own, for the whole run)";

export interface BusyLoop {
  pid: number;
  /** The CPU seconds the loop has used `ms` from now (Linux: /proc). */
  cpuSecondsAfter(ms: number): Promise<number>;
  stop(): Promise<void>;
}

/** User + system CPU seconds of a process, from /proc/<pid>/stat (clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function startBusyLoop(): BusyLoop {
  const child = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  // However the run ends (a crash too), the loop does not outlive it.
  process.once("exit", kill);
  return {
    pid: child.pid!,
    async cpuSecondsAfter(ms) {
      await sleep(ms);
      return cpuSecondsOf(child.pid!);
    },
    async stop() {
      kill();
      process.off("exit", kill);
      await exited;
    },
  };
}
