/**
 * What the window's long tasks are made of, from a Chromium performance trace: for every task
 * of 50 ms or more on the page's main thread, the time inside script, inside style and layout
 * that script forced (reading a size right after a change), inside the frame's own rendering
 * (style, layout, paint), and inside garbage collection.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { message?: string } };
}

export interface LongTaskBreakdown {
  tasks: number;
  totalMs: number;
  scriptMs: number;
  forcedLayoutMs: number;
  renderingMs: number;
  gcMs: number;
}

const TASK_NAMES = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);
const LONG_TASK_US = 50_000;

type TaskEvent = TraceEvent & { tdur?: number };

function traceEvents(traceJson: string): TaskEvent[] {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TaskEvent[] } | TaskEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

/** The trace's events on the page's main thread, in time order: the renderer main thread whose tasks took the most time. */
function pageMainThreadEvents(traceJson: string | TaskEvent[]): TaskEvent[] {
  const events = typeof traceJson === "string" ? traceEvents(traceJson) : traceJson;
  const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const mains = new Set(events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map(thread));
  const busy = new Map<string, number>();
  for (const e of events) if (e.ph === "X" && TASK_NAMES.has(e.name) && mains.has(thread(e))) busy.set(thread(e), (busy.get(thread(e)) ?? 0) + (e.dur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events.filter((e) => e.ph === "X" && thread(e) === main).sort((a, b) => a.ts - b.ts);
}

export function summariseLongTasks(traceJson: string): LongTaskBreakdown {
  const onMain = pageMainThreadEvents(traceJson);
  const tasks = onMain.filter((e) => TASK_NAMES.has(e.name) && (e.dur ?? 0) >= LONG_TASK_US);
  const result: LongTaskBreakdown = { tasks: tasks.length, totalMs: 0, scriptMs: 0, forcedLayoutMs: 0, renderingMs: 0, gcMs: 0 };
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = (name: string) =>
      onMain.filter((e) => e.name === name && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end).reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
    const forced = inside("Blink.ForcedStyleAndLayout.UpdateTime");
    result.totalMs += (task.dur ?? 0) / 1000;
    result.forcedLayoutMs += forced;
    result.scriptMs += Math.max(0, inside("FunctionCall") - forced);
    result.renderingMs += inside("WebFrameWidgetImpl::UpdateLifecycle");
    result.gcMs += inside("MajorGC") + inside("MinorGC");
  }
  return result;
}

export const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "v8"];

export interface TaskCpu {
  /** The page's main-thread task that used the most CPU time, in ms. */
  maxCpuMs: number;
  /** The page's main-thread task that took the longest by the clock, in ms. */
  maxClockMs: number;
  /** Tasks that used 50 ms of CPU time or more. */
  over50: number;
  /** The CPU time of all the page's main-thread tasks, in ms. */
  totalCpuMs: number;
  /** Garbage collections on the page's main thread that marked the whole heap, and the time of all its collections (ms, by the clock). */
  majorGcs: number;
  gcMs: number;
}

/**
 * The page's tasks by the CPU time they used (a trace's thread duration), not by the wall
 * time they took: on a shared machine a task also waits for a core, and a long task measured
 * by the clock may be mostly waiting. A quiet machine shows both alike.
 */
export function taskCpuTimes(traceJson: string): TaskCpu {
  return cpuOf(pageMainThreadEvents(traceJson));
}

/**
 * The same, for the tasks before and after the page's `console.timeStamp(label)` (a task that
 * began before it counts before). Throws when the page made no such time stamp.
 */
export function taskCpuTimesAround(traceJson: string, label: string): { before: TaskCpu; after: TaskCpu } {
  const events = traceEvents(traceJson);
  const stamp = events.find((e) => e.name === "TimeStamp" && e.args?.data?.message === label);
  if (!stamp) throw new Error(`the trace holds no time stamp "${label}" (console.timeStamp in the page, category devtools.timeline)`);
  const onMain = pageMainThreadEvents(events);
  return { before: cpuOf(onMain.filter((e) => e.ts < stamp.ts)), after: cpuOf(onMain.filter((e) => e.ts >= stamp.ts)) };
}

function cpuOf(onMain: TaskEvent[]): TaskCpu {
  const tasks = onMain.filter((e) => TASK_NAMES.has(e.name)).map((e) => (e.tdur ?? 0) / 1000);
  // A heap's garbage, made by the page's own work: how often V8 marked it all, and how long its collections took there.
  const collections = onMain.filter((e) => e.name === "MajorGC" || e.name === "MinorGC");
  return {
    maxCpuMs: tasks.reduce((m, t) => Math.max(m, t), 0),
    maxClockMs: onMain.filter((e) => TASK_NAMES.has(e.name)).reduce((m, e) => Math.max(m, (e.dur ?? 0) / 1000), 0),
    over50: tasks.filter((t) => t >= 50).length,
    totalCpuMs: tasks.reduce((s, t) => s + t, 0),
    majorGcs: collections.filter((e) => e.name === "MajorGC").length,
    gcMs: collections.reduce((s, e) => s + (e.dur ?? 0), 0) / 1000,
  };
}
