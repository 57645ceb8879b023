/**
 * What a running conversation shows beyond its saved history: the reply being streamed,
 * the status of tool calls in flight, and the entries announced since the window last
 * loaded the conversation. A pure reducer of step events, so it is easy to reason about.
 */
import type { StepEvent, ToolCallStatus } from "../../../shared/wire-types";
import type { HistoryEntryView } from "../../../shared/view-types";
import { appendText, NO_TEXT, type StreamedText } from "../lib/streamed-text";

export type LiveToolStatus = "running" | ToolCallStatus;

export interface LiveRun {
  running: boolean;
  /**
   * The model's text of the request in progress, as streamed so far: in pieces, so that a
   * frame reads only the words it needs (see streamed-text.ts).
   */
  stream: StreamedText;
  /** The model's thinking of the request in progress, as streamed so far. */
  thinkingText: string;
  thinking: boolean;
  tools: Record<string, LiveToolStatus>;
  /** History entries announced by the run, in seq order, not yet part of a loaded view. */
  entries: HistoryEntryView[];
}

export const idleRun: LiveRun = { running: false, stream: NO_TEXT, thinkingText: "", thinking: false, tools: {}, entries: [] };

/** Entries reach the window as JSON; the in-process error object is never needed here. */
export function toEntryView(entry: unknown): HistoryEntryView {
  return { ...(entry as HistoryEntryView), error: null };
}

export function reduceLiveRun(run: LiveRun, event: StepEvent): LiveRun {
  switch (event.type) {
    case "run_start":
      return { ...run, running: true, stream: NO_TEXT, thinkingText: "", thinking: false, tools: {} };
    case "run_end":
      return { ...run, running: false, stream: NO_TEXT, thinkingText: "", thinking: false };
    case "think_start":
      return { ...run, running: true, thinking: true, stream: NO_TEXT, thinkingText: "" };
    case "text_delta":
      return { ...run, stream: appendText(run.stream, event.text) };
    case "thinking_delta":
      return { ...run, thinkingText: run.thinkingText + event.text };
    case "think_end":
      return { ...run, thinking: false, stream: event.ok ? run.stream : NO_TEXT };
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
      const stream = entry.kind === "assistant" ? NO_TEXT : run.stream;
      const thinkingText = entry.kind === "assistant" ? "" : run.thinkingText;
      return { ...run, entries, stream, thinkingText };
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
