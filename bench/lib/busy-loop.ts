/**
 * Contention on purpose: a process that keeps one core busy for the whole run, as other work on
 * a person's laptop does (`npm run bench -- --beside-busy-loop`). A figure that holds only when
 * nothing else runs is not one people get; this run says which hold beside it.
 */
import { spawn } from "node:child_process";

export const BUSY_LOOP = "a busy loop on one core (a process of its own, for the whole run)";

export interface BusyLoop {
  pid: number;
  stop(): Promise<void>;
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
    async stop() {
      kill();
      process.off("exit", kill);
      await exited;
    },
  };
}
