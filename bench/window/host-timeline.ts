/**
 * The test host's own account of a launch, from the file it writes with `--request-times`
 * (test/support/test-host.ts): when it listened, served the page, had its service's code loaded,
 * had the service open and the first screen read ahead, and when the window's first request
 * (`app:launch`) arrived and how long its answer took. Its times are from the host process's
 * start (Node's `performance.now()`), so the steps of the host's one thread show beside the
 * page's: which of them the window's request waited on.
 */

/** The steps a launch's host notes, in the order they come. */
export const HOST_STEPS = ["listening", "page served", "service code loaded", "service open", "first screen read ahead"] as const;
export type HostStep = (typeof HOST_STEPS)[number];

export interface HostTimeline {
  /** Each step's first time, ms from the host process's start (NaN: not noted). */
  steps: Record<HostStep, number>;
  /** The window's `app:launch`: when it arrived (ms from the process's start), its time to the answer sent, the answer's bytes. */
  launch: { arrivedAtMs: number; ms: number; bytes: number } | null;
}

interface StepLine {
  mark: string;
  atMs: number;
}

interface RequestLine {
  channel: string;
  arrivedAtMs?: number;
  ms: number;
  bytes: number;
}

/** Reads the file's JSON lines; a line that is not one of the two kinds is refused with its number. */
export function readHostTimeline(text: string): HostTimeline {
  const steps = Object.fromEntries(HOST_STEPS.map((step) => [step, Number.NaN])) as Record<HostStep, number>;
  let launch: HostTimeline["launch"] = null;
  text.split("\n").forEach((line, index) => {
    if (!line.trim()) return;
    const parsed = JSON.parse(line) as Partial<StepLine & RequestLine>;
    if (typeof parsed.mark === "string" && typeof parsed.atMs === "number") {
      const step = parsed.mark as HostStep;
      if (HOST_STEPS.includes(step) && Number.isNaN(steps[step])) steps[step] = parsed.atMs;
    } else if (typeof parsed.channel === "string" && typeof parsed.ms === "number" && typeof parsed.bytes === "number") {
      if (parsed.channel === "app:launch" && !launch) launch = { arrivedAtMs: parsed.arrivedAtMs ?? Number.NaN, ms: parsed.ms, bytes: parsed.bytes };
    } else {
      throw new Error(`line ${index + 1} of the host's request times is neither a step nor a request: ${line.slice(0, 200)}`);
    }
  });
  return { steps, launch };
}
