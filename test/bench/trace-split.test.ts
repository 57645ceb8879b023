/**
 * The Markdown suite tells a reply's tasks from those after it by the page's time stamp: a task
 * that began before the stamp is the reply's, one that began at or after it comes after. A
 * trace without the stamp is refused, so a probe that stopped marking fails loudly.
 */
import { describe, expect, it } from "vitest";
import { taskCpuTimesAround } from "../../bench/window/trace-summary";

const MAIN = { pid: 1, tid: 7 };
const task = (ts: number, dur: number, tdur: number) => ({ ...MAIN, ph: "X", name: "ThreadControllerImpl::RunTask", ts, dur, tdur });
const trace = (events: object[]) =>
  JSON.stringify({ traceEvents: [{ ...MAIN, ph: "M", name: "thread_name", ts: 0, args: { name: "CrRendererMain" } }, ...events] });
const stamp = (ts: number, message: string) => ({ ...MAIN, ph: "I", name: "TimeStamp", ts, args: { data: { message } } });

describe("a trace split at the page's time stamp", () => {
  it("counts each task on the side where it began, by CPU and by the clock", () => {
    const split = taskCpuTimesAround(trace([task(0, 30_000, 20_000), task(40_000, 10_000, 9_000), stamp(55_000, "shown"), task(60_000, 70_000, 12_000), task(200_000, 5_000, 4_000)]), "shown");
    expect(split.before.totalCpuMs).toBeCloseTo(29);
    expect(split.before.maxCpuMs).toBeCloseTo(20);
    expect(split.after.totalCpuMs).toBeCloseTo(16);
    expect(split.after.maxCpuMs).toBeCloseTo(12);
    expect(split.after.maxClockMs).toBeCloseTo(70);
  });

  it("refuses a trace without the stamp, naming it", () => {
    expect(() => taskCpuTimesAround(trace([task(0, 1_000, 1_000), stamp(5_000, "other")]), "shown")).toThrow(/no time stamp "shown"/);
  });
});
