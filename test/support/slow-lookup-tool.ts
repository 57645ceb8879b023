/**
 * slow_lookup: a tool that runs as long as its input says, so a test can stop the host
 * while a tool call is in progress. Each time a call starts, it appends one JSON line
 * `{"callId":…,"ms":…}` to the marker file before waiting: the test knows the tool is
 * running, and can count how often a call was started. It honours the run's AbortSignal.
 */
import fs from "node:fs";
import type { Tool } from "../../src/main/agent";

export const SLOW_LOOKUP_TOOL = "slow_lookup";

export interface SlowLookupStart {
  callId: string;
  ms: number;
}

export class SlowLookupInputError extends Error {
  override name = "SlowLookupInputError";
  constructor(input: unknown) {
    super(`slow_lookup takes {"ms": a whole number of milliseconds from 0 to 600000}; it got ${JSON.stringify(input)}.`);
  }
}

export function slowLookupTool(markerFile: string): Tool<{ ms: number }> {
  return {
    name: SLOW_LOOKUP_TOOL,
    description: "Looks something up slowly: waits `ms` milliseconds, then answers.",
    inputSchema: { type: "object", properties: { ms: { type: "integer", minimum: 0, maximum: 600_000 } }, required: ["ms"] },
    async run(input, { signal, callId }) {
      const ms = input?.ms;
      if (!Number.isInteger(ms) || ms < 0 || ms > 600_000) throw new SlowLookupInputError(input);
      const start: SlowLookupStart = { callId, ms };
      fs.appendFileSync(markerFile, `${JSON.stringify(start)}\n`);
      await new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const timer = setTimeout(() => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        }, ms);
        const onAbort = () => {
          clearTimeout(timer);
          reject(signal.reason);
        };
        signal.addEventListener("abort", onAbort, { once: true });
      });
      return `Looked it up after ${ms} ms.`;
    },
  };
}

/** The calls started so far, in order, as the marker file records them. */
export function readSlowLookupStarts(markerFile: string): SlowLookupStart[] {
  if (!fs.existsSync(markerFile)) return [];
  return fs
    .readFileSync(markerFile, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as SlowLookupStart);
}
