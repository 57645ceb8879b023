/**
 * compact: when the context grows past the token budget, the model condenses it into a
 * summary (a separate request, without tools). The summary becomes a compaction entry;
 * the model's context restarts from it, while history keeps every entry.
 */
import type { CompactionEntry, HistoryEntry } from "../state/history";
import { contextEntries, latestCompaction } from "./context";
import { messageBuilderOf } from "./message-builder";
import { appendEntry } from "../state/state";
import { type RunContext, abortError } from "./run-context";

/** Characters of the tool list of an Agent (one array per Agent), measured once. */
const toolChars = new WeakMap<object, number>();

/**
 * Rough token count of the next request: about four characters per token. The context's
 * characters are counted as its entries are first seen, so the estimate before every step
 * does not walk the context.
 */
export function estimateContextTokens(run: RunContext): number {
  let tools = toolChars.get(run.toolSpecs);
  if (tools === undefined) {
    tools = JSON.stringify(run.toolSpecs).length;
    toolChars.set(run.toolSpecs, tools);
  }
  return Math.ceil((run.system.length + tools + messageBuilderOf(run.state).chars) / 4);
}

/** Compact when over budget and there is more than a summary and one message to condense. */
export function needsCompaction(run: RunContext, budget: number): boolean {
  if (!Number.isFinite(budget)) return false;
  return messageBuilderOf(run.state).entryCount > 1 && estimateContextTokens(run) > budget;
}

const SUMMARY_SYSTEM =
  "You condense conversations between a person and an AI assistant that uses tools. " +
  "Write a summary that lets the assistant continue the work without the original messages: " +
  "the task, what the person asked and decided, what was done (tool calls and their results, " +
  "including any whose outcome is unknown), facts and numbers still needed, open questions, and the next step. " +
  "Write plain text, no preamble.";

export async function compact(run: RunContext): Promise<CompactionEntry> {
  const state = run.state;
  const through = state.history.length - 1;
  const transcript = renderTranscript(latestCompaction(state)?.text ?? null, contextEntries(state));
  const provider = run.provider;
  const stream = await provider.stream(
    {
      model: run.model,
      system: SUMMARY_SYSTEM,
      maxTokens: run.maxTokens,
      tools: [],
      messages: [{ role: "user", content: `${transcript}\n\nSummarise the conversation above.` }],
      thinking: null,
      promptCaching: false,
    },
    { signal: run.signal, onText: () => undefined, onThinking: () => undefined },
  );
  let summary: string;
  try {
    const reply = await stream.final();
    summary = reply.content.map((b) => (b.type === "text" ? b.text : "")).join("").trim();
  } catch (error) {
    if (run.signal.aborted) throw abortError(run.signal);
    throw error;
  }
  if (summary === "") summary = "(the model returned an empty summary)";
  return appendEntry(state, { kind: "compaction", text: summary, through }) as CompactionEntry;
}

function renderTranscript(previousSummary: string | null, entries: HistoryEntry[]): string {
  const lines: string[] = [];
  if (previousSummary) lines.push(`[Summary of the earlier conversation]\n${previousSummary}`);
  for (const entry of entries) {
    switch (entry.kind) {
      case "user":
        lines.push(`[Person${entry.answersCallId ? ", answering the question" : ""}]\n${entry.text}`);
        break;
      case "assistant":
        for (const block of entry.content) {
          if (block.type === "text" && block.text) lines.push(`[Assistant]\n${block.text}`);
          if (block.type === "tool_use") lines.push(`[Assistant calls ${block.name} (call ${block.id})]\n${JSON.stringify(block.input)}`);
        }
        break;
      case "tool_result":
        lines.push(`[Result of ${entry.name} (call ${entry.callId}), ${entry.status}]\n${entry.text}`);
        break;
      case "notice":
        lines.push(`[Notice]\n${entry.text}`);
        break;
      case "error":
      case "compaction":
        break;
    }
  }
  return lines.join("\n\n");
}
