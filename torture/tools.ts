/**
 * The torture conversation's tools. Each records "start" and "done" in the side-effects file
 * (outside the store, fsync'd) so the campaign can tell whether a call ran, and how often.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Tool } from "../src/main/agent/tools/tool";
import { FAILING_TOOL, FAST_TOOL, SLOW_TOOL } from "./conversation-script";
import { recordSideEffect } from "./side-effects";

const noteSchema = {
  type: "object" as const,
  properties: { note: { type: "string" }, ms: { type: "number" } },
  required: ["note"],
};

export function tortureTools(sideEffectsFile: string): Tool[] {
  const record = (callId: string, tool: string, phase: "start" | "done") =>
    recordSideEffect(sideEffectsFile, { callId, tool, phase, pid: process.pid });
  return [
    {
      name: FAST_TOOL,
      description: "Writes a note at once.",
      inputSchema: noteSchema,
      run(input: { note: string }, { callId }) {
        record(callId, FAST_TOOL, "start");
        record(callId, FAST_TOOL, "done");
        return `noted: ${input.note}`;
      },
    },
    {
      name: SLOW_TOOL,
      description: "Writes a note after a while; stops when the run is aborted.",
      inputSchema: noteSchema,
      async run(input: { note: string; ms?: number }, { callId, signal }) {
        record(callId, SLOW_TOOL, "start");
        await sleep(input.ms ?? 50, undefined, { signal });
        record(callId, SLOW_TOOL, "done");
        return `noted slowly: ${input.note}`;
      },
    },
    {
      name: FAILING_TOOL,
      description: "Tries to write a note and fails.",
      inputSchema: noteSchema,
      run(input: { note: string }, { callId }) {
        record(callId, FAILING_TOOL, "start");
        record(callId, FAILING_TOOL, "done");
        throw new Error(`the note "${input.note}" could not be written`);
      },
    },
  ];
}
