/**
 * The model's context, derived from history: the latest compaction's summary, then the
 * entries after it, minus the excluded ranges. History itself is never rewritten.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { AssistantEntry, CompactionEntry, HistoryEntry } from "../state/history";
import type { State } from "../state/state";

type MessageParam = Anthropic.MessageParam;
type UserBlock = Anthropic.TextBlockParam | Anthropic.ToolResultBlockParam;

export function isExcluded(state: State, seq: number): boolean {
  for (const [from, to] of state.excluded) if (seq >= from && seq <= to) return true;
  return false;
}

/** The latest compaction the context starts from, if any. */
export function latestCompaction(state: State): CompactionEntry | null {
  const history = state.history;
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i];
    if (entry.kind === "compaction" && !isExcluded(state, entry.seq)) return entry;
  }
  return null;
}

/** The entries the model sees (after the latest compaction, not excluded). */
export function contextEntries(state: State): HistoryEntry[] {
  const start = latestCompaction(state);
  const from = start ? start.seq + 1 : 0;
  const out: HistoryEntry[] = [];
  for (let i = from; i < state.history.length; i++) {
    const entry = state.history[i];
    if (!isExcluded(state, entry.seq)) out.push(entry);
  }
  return out;
}

export const SUMMARY_PREFIX = "Summary of the conversation so far (earlier messages were condensed to save space):\n\n";

/**
 * Messages API messages for the current context. Tool results follow the assistant turn
 * whose calls they answer, first in the next user message, as the API requires.
 */
export function buildMessages(state: State): MessageParam[] {
  const messages: MessageParam[] = [];
  let userBlocks: UserBlock[] = [];
  let openIds = new Set<string>();

  const flushUser = () => {
    if (openIds.size > 0 && messages.at(-1)?.role === "assistant") {
      // Never leave a call without a result: the API refuses such a request.
      for (const id of openIds) {
        userBlocks.push({ type: "tool_result", tool_use_id: id, content: "(no result was recorded for this call)", is_error: true });
      }
    }
    openIds = new Set();
    if (userBlocks.length === 0) return;
    const results = userBlocks.filter((b) => b.type === "tool_result");
    const texts = userBlocks.filter((b) => b.type !== "tool_result");
    messages.push({ role: "user", content: [...results, ...texts] });
    userBlocks = [];
  };

  const compaction = latestCompaction(state);
  if (compaction) userBlocks.push({ type: "text", text: SUMMARY_PREFIX + compaction.text });

  for (const entry of contextEntries(state)) {
    switch (entry.kind) {
      case "user":
        // An answer given to a tool (askPerson) reaches the model through that tool's result.
        if (entry.answersTool) break;
        if (entry.answersCallId && openIds.delete(entry.answersCallId)) {
          userBlocks.push({ type: "tool_result", tool_use_id: entry.answersCallId, content: entry.text });
        } else if (entry.text !== "") {
          userBlocks.push({ type: "text", text: entry.text });
        }
        break;
      case "tool_result":
        if (openIds.delete(entry.callId)) {
          const content = entry.content && entry.content.length > 0 ? entry.content : entry.text;
          userBlocks.push({ type: "tool_result", tool_use_id: entry.callId, content, ...(entry.status === "done" ? {} : { is_error: true }) });
        } else {
          userBlocks.push({ type: "text", text: `(result of an earlier ${entry.name} call ${entry.callId}: ${entry.text})` });
        }
        break;
      case "notice":
        userBlocks.push({ type: "text", text: `(notice: ${entry.text})` });
        break;
      case "assistant": {
        const content = assistantBlocks(entry);
        if (content.length === 0) break;
        flushUser();
        messages.push({ role: "assistant", content });
        openIds = new Set(entry.content.filter((b) => b.type === "tool_use").map((b) => b.id));
        break;
      }
      case "error":
      case "compaction":
        break; // errors are for the person; older compactions are covered by the latest
    }
  }
  if (userBlocks.length > 0 || openIds.size > 0) flushUser();
  return messages;
}

function assistantBlocks(entry: AssistantEntry): Anthropic.ContentBlockParam[] {
  const blocks: Anthropic.ContentBlockParam[] = [];
  for (const block of entry.content) {
    if (block.type === "text" && block.text !== "") blocks.push({ type: "text", text: block.text });
    if (block.type === "tool_use") blocks.push({ type: "tool_use", id: block.id, name: block.name, input: block.input as Record<string, unknown> });
  }
  return blocks;
}

/** Calls of an assistant turn, with whether each has a result (or an answer) yet. */
export interface OpenCall {
  id: string;
  name: string;
  input: unknown;
  assistantSeq: number;
}

/** Tool calls in the context that have no result yet, oldest first. */
export function openCalls(state: State): OpenCall[] {
  const open = new Map<string, OpenCall>();
  for (const entry of contextEntries(state)) {
    if (entry.kind === "assistant") {
      for (const block of entry.content) {
        if (block.type === "tool_use") open.set(block.id, { id: block.id, name: block.name, input: block.input, assistantSeq: entry.seq });
      }
    } else if (entry.kind === "tool_result") {
      open.delete(entry.callId);
    } else if (entry.kind === "user" && entry.answersCallId && !entry.answersTool) {
      open.delete(entry.answersCallId); // a tool's question stays open until the tool, run again, gives the result
    }
  }
  return [...open.values()];
}

/** The text of the last assistant turn in the context ("" if none). */
export function lastAssistantText(state: State): string {
  const history = state.history;
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i];
    if (entry.kind === "assistant" && !isExcluded(state, entry.seq)) return assistantText(entry);
  }
  return "";
}

export function assistantText(entry: AssistantEntry): string {
  return entry.content
    .filter((b): b is { type: "text"; text: string } => b.type === "text")
    .map((b) => b.text)
    .join("");
}
