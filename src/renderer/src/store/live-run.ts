/**
 * What a running conversation shows beyond its saved history: the reply being streamed,
 * the status of tool calls in flight, and the entries announced since the window last
 * loaded the conversation. A pure reducer of step events, so it is easy to reason about.
 */
import type { StepEvent, ToolCallStatus } from "../../../shared/wire-types";
import type { HistoryEntryView } from "../../../shared/view-types";

export type LiveToolStatus = "running" | ToolCallStatus;

export interface LiveRun {
  running: boolean;
  /** The model's text of the request in progress, as streamed so far. */
  streamText: string;
  /** The model's thinking of the request in progress, as streamed so far. */
  thinkingText: string;
  thinking: boolean;
  tools: Record<string, LiveToolStatus>;
  /** History entries announced by the run, in seq order, not yet part of a loaded view. */
  entries: HistoryEntryView[];
}

export const idleRun: LiveRun = { running: false, streamText: "", thinkingText: "", thinking: false, tools: {}, entries: [] };

/** Entries reach the window as JSON; the in-process error object is never needed here. */
export function toEntryView(entry: unknown): HistoryEntryView {
  return { ...(entry as HistoryEntryView), error: null };
}

export function reduceLiveRun(run: LiveRun, event: StepEvent): LiveRun {
  switch (event.type) {
    case "run_start":
      return { ...run, running: true, streamText: "", thinkingText: "", thinking: false, tools: {} };
    case "run_end":
      return { ...run, running: false, streamText: "", thinkingText: "", thinking: false };
    case "think_start":
      return { ...run, running: true, thinking: true, streamText: "", thinkingText: "" };
    case "text_delta":
      return { ...run, streamText: run.streamText + event.text };
    case "thinking_delta":
      return { ...run, thinkingText: run.thinkingText + event.text };
    case "think_end":
      return { ...run, thinking: false, streamText: event.ok ? run.streamText : "" };
    case "tool_start":
      return { ...run, tools: { ...run.tools, [event.callId]: "running" } };
    case "tool_end":
      return { ...run, tools: { ...run.tools, [event.callId]: event.status } };
    case "entry": {
      const entry = toEntryView(event.entry);
      const entries = run.entries.filter((e) => e.seq !== entry.seq);
      entries.push(entry);
      entries.sort((a, b) => a.seq - b.seq);
      // The streamed text has become a saved turn; showing both would repeat it.
      const streamText = entry.kind === "assistant" ? "" : run.streamText;
      const thinkingText = entry.kind === "assistant" ? "" : run.thinkingText;
      return { ...run, entries, streamText, thinkingText };
    }
    default:
      return run;
  }
}

/** The saved entries followed by the live ones that came after them. */
export function mergeEntries(saved: HistoryEntryView[], live: HistoryEntryView[]): HistoryEntryView[] {
  if (live.length === 0) return saved;
  const lastSeq = saved.length ? saved[saved.length - 1].seq : -1;
  const newer = live.filter((e) => e.seq > lastSeq);
  return newer.length ? saved.concat(newer) : saved;
}
