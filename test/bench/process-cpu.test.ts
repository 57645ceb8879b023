/** The launch report's CPU by process: what /proc says the processes this one started used. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cpuSpent, descendantCpuMs } from "../../bench/window/process-cpu";

/** Busy for `ms` of its own CPU, then says so and waits to be stopped. */
const BUSY_CHILD = String.raw`
const until = process.cpuUsage().user + Number(process.argv[1]) * 1000;
while (process.cpuUsage().user < until) {}
console.log("done");
setInterval(() => {}, 1000);`;

describe.runIf(existsSync("/proc/self/stat"))("CPU by process", () => {
  it("counts a child's CPU under its kind, between two readings, and no more", async () => {
    const before = descendantCpuMs();
    const child = spawn(process.execPath, ["-e", BUSY_CHILD, "300"], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once("exit", (code) => reject(new Error(`the busy child exited with ${code}`)));
        child.stdout.once("data", () => resolve());
      });
      const spent = cpuSpent(before, descendantCpuMs());
      // Node's own start adds some; /proc counts in 10 ms ticks.
      expect(spent.get("other")).toBeGreaterThanOrEqual(290);
      expect(spent.get("other")).toBeLessThan(2_000);
      expect(spent.get("host") ?? 0).toBe(0);
      expect([...spent.keys()].filter((kind) => kind !== "other" && spent.get(kind)! > 0)).toEqual([]);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
