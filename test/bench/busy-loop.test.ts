import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseArgs } from "../../bench/lib/args";
import { startBusyLoop } from "../../bench/lib/busy-loop";
import { describeMachine, machineInfo } from "../../bench/lib/machine";

describe("benchmarks beside a busy loop", () => {
  it("write to their own folder unless --out names one, so the quiet figures are never replaced", () => {
    const results = path.resolve("/tmp/alpine-bench-results");
    expect(parseArgs(["--beside-busy-loop", "--only", "load"], results)).toMatchObject({ besideBusyLoop: true, outFolder: path.join(results, "beside-busy-loop"), only: ["load"] });
    expect(parseArgs(["--out", "/tmp/elsewhere", "--beside-busy-loop"], results).outFolder).toBe(path.resolve("/tmp/elsewhere"));
    expect(parseArgs([], results)).toMatchObject({ besideBusyLoop: false, outFolder: results });
  });

  it("the loop is a process of its own that takes a core's time until it is stopped", async () => {
    const loop = startBusyLoop();
    const pid = loop.pid;
    expect(() => process.kill(pid, 0)).not.toThrow();
    const cpuSeconds = await loop.cpuSecondsAfter(300);
    await loop.stop();
    expect(cpuSeconds).toBeGreaterThan(0.05);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it("the machine's description names the loop", () => {
    expect(describeMachine({ ...machineInfo(), contention: "a busy loop on one core" })).toMatch(/measured beside a busy loop on one core$/);
  });
});
