import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { parseArgs } from "../../bench/lib/args";
import { startBusyLoop } from "../../bench/lib/busy-loop";
import { describeMachine, machineInfo } from "../../bench/lib/machine";
import { descendantCpuMs } from "../../bench/window/process-cpu";

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
    await sleep(300);
    // This test's only child: the loop, a Node process ("other" to the reader of Chromium's kinds).
    const cpuMs = descendantCpuMs().get("other") ?? 0;
    await loop.stop();
    expect(cpuMs).toBeGreaterThan(50);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it("the machine's description names the loop", () => {
    expect(describeMachine({ ...machineInfo(), contention: "a busy loop on one core" })).toMatch(/measured beside a busy loop on one core$/);
  });
});
