import { describe, expect, it } from "vitest";
import { buildDisplayItems } from "../../src/renderer/src/store/display-items";
import { idleRun, mergeEntries, reduceLiveRun } from "../../src/renderer/src/store/live-run";
import { wholeText } from "../../src/renderer/src/lib/streamed-text";
import { tidyErrorText } from "../../src/renderer/src/lib/tidy-error-text";
import type { HistoryEntryView } from "../../src/shared/view-types";
import { UNKNOWN_RESULT_TEXT } from "../../src/main/agent/state/history";

const at = "2030-01-01T00:00:00.000Z";
const entries = [
  { seq: 0, kind: "user", text: "list my files", at, error: null },
  {
    seq: 1,
    kind: "assistant",
    text: "",
    at,
    error: null,
    stopReason: "tool_use",
    model: "m",
    content: [
      { type: "text", text: "Looking." },
      { type: "tool_use", id: "c1", name: "list_files", input: {} },
      { type: "tool_use", id: "c2", name: "ask", input: { question: "Which?", choices: ["A", "B"] } },
    ],
  },
  { seq: 2, kind: "tool_result", callId: "c1", name: "list_files", status: "unknown", text: UNKNOWN_RESULT_TEXT, at, error: null },
  { seq: 3, kind: "user", text: "A", answersCallId: "c2", at, error: null },
  { seq: 4, kind: "compaction", through: 3, text: "summary", at, error: null },
  { seq: 5, kind: "error", name: "RateLimitError", text: "RateLimitError: slow down", at, error: null },
] as unknown as HistoryEntryView[];

describe("conversation rows", () => {
  it("pairs each tool call with its result and shows questions and answers", () => {
    const items = buildDisplayItems(entries);
    expect(items.map((i) => i.kind)).toEqual(["user", "assistant", "tool", "ask", "user", "compaction", "error"]);
    expect(items[2]).toMatchObject({ callId: "c1", result: { status: "unknown", text: UNKNOWN_RESULT_TEXT } });
    expect(items[3]).toMatchObject({ question: "Which?", choices: ["A", "B"], answer: "A" });
    expect(items[4]).toMatchObject({ text: "A", answersCallId: "c2" });
  });

  it("streams text, tracks tool status, and hands entries over to the saved view", () => {
    let run = reduceLiveRun(idleRun, { type: "run_start", stateId: "s" });
    run = reduceLiveRun(run, { type: "think_start", stateId: "s", step: 1 });
    run = reduceLiveRun(run, { type: "text_delta", stateId: "s", text: "Hel" });
    run = reduceLiveRun(run, { type: "text_delta", stateId: "s", text: "lo" });
    expect(run).toMatchObject({ running: true, thinking: true });
    expect(wholeText(run.stream)).toBe("Hello");
    run = reduceLiveRun(run, { type: "entry", stateId: "s", entry: entries[1] as never });
    expect(run.stream.length).toBe(0);
    run = reduceLiveRun(run, { type: "tool_start", stateId: "s", callId: "c1", name: "list_files", input: {} });
    expect(run.tools.c1).toBe("running");
    run = reduceLiveRun(run, { type: "tool_end", stateId: "s", callId: "c1", name: "list_files", status: "done", text: "x" });
    expect(run.tools.c1).toBe("done");
    run = reduceLiveRun(run, { type: "run_end", stateId: "s", stoppedBy: "end_turn", error: null });
    expect(run.running).toBe(false);

    expect(mergeEntries(entries.slice(0, 1), run.entries).map((e) => e.seq)).toEqual([0, 1]);
    expect(mergeEntries(entries.slice(0, 2), run.entries).map((e) => e.seq)).toEqual([0, 1]);
  });

  it("shows the message inside a raw error body", () => {
    const raw = 'RateLimitError: 429 {"type":"error","error":{"type":"rate_limit_error","message":"Too many requests"},"request_id":"req_1"}';
    expect(tidyErrorText(raw, "RateLimitError")).toBe("Too many requests");
    expect(tidyErrorText('Wait, then press Continue. (429 {"type":"error","error":{"type":"x","message":"Slow down"}})')).toBe(
      "Wait, then press Continue. (Slow down)",
    );
    expect(tidyErrorText("Connection error.")).toBe("Connection error.");
  });
});
