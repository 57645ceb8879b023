/**
 * think: one model request, streamed through the SDK. The reply becomes one assistant
 * entry once it is complete. A reply cut off by an error or a kill leaves nothing behind,
 * and the next run asks again. A reply cut off by an abort (the caller stopped the run on
 * purpose) keeps what had streamed, as an entry marked `partial` (see partial-reply.ts).
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { AssistantEntry, ContentBlock, Usage } from "../state/history";
import { appendEntry } from "../state/state";
import { buildRequest } from "./request";
import { partialReplyCollector } from "./partial-reply";
import { type RunContext, abortError } from "./run-context";

export async function think(run: RunContext): Promise<AssistantEntry> {
  const client = await run.modelClient();
  const stream = client.messages.stream(await buildRequest(run), { signal: run.signal });
  stream.on("text", (text) => run.emit({ type: "text_delta", text }));
  stream.on("thinking", (thinking) => run.emit({ type: "thinking_delta", text: thinking }));
  const thinkingTime = timeThinking(stream);
  const partial = partialReplyCollector(stream);
  let message: Anthropic.Message;
  try {
    message = await stream.finalMessage();
  } catch (error) {
    if (run.signal.aborted) {
      keepPartialReply(run, partial(), thinkingTime());
      throw abortError(run.signal);
    }
    throw error;
  }
  const content = keptBlocks(message.content);
  const thinkingMs = thinkingTime();
  return appendEntry(run.state, {
    kind: "assistant",
    text: content.map((b) => (b.type === "text" ? b.text : "")).join(""),
    content,
    stopReason: message.stop_reason ?? null,
    model: message.model,
    usage: usageOf(message.usage),
    ...(thinkingMs !== null ? { thinkingMs } : {}),
  }) as AssistantEntry;
}

/** What had streamed of an aborted reply, as an entry marked partial (nothing when no text had arrived). */
function keepPartialReply(run: RunContext, reply: ReturnType<ReturnType<typeof partialReplyCollector>>, thinkingMs: number | null): void {
  if (!reply) return;
  appendEntry(run.state, {
    kind: "assistant",
    text: reply.content.map((b) => (b.type === "text" ? b.text : "")).join(""),
    content: reply.content,
    stopReason: null,
    model: reply.model,
    usage: usageOf(reply.usage),
    ...(thinkingMs !== null ? { thinkingMs } : {}),
    partial: true,
  });
}

/** The API's usage, with the cache's reads and writes. */
export function usageOf(usage: Anthropic.Usage | undefined): Usage {
  return {
    inputTokens: usage?.input_tokens ?? 0,
    outputTokens: usage?.output_tokens ?? 0,
    cacheReadTokens: usage?.cache_read_input_tokens ?? 0,
    cacheWriteTokens: usage?.cache_creation_input_tokens ?? 0,
  };
}

/** Milliseconds from the start of the first thinking block to the end of the last (null: no thinking). */
function timeThinking(stream: ReturnType<Anthropic["messages"]["stream"]>): () => number | null {
  let startedAt: number | null = null;
  let endedAt: number | null = null;
  const thinkingBlocks = new Set<number>();
  stream.on("streamEvent", (event: Anthropic.MessageStreamEvent) => {
    if (event.type === "content_block_start" && (event.content_block.type === "thinking" || event.content_block.type === "redacted_thinking")) {
      startedAt ??= Date.now();
      thinkingBlocks.add(event.index);
    } else if (event.type === "content_block_stop" && thinkingBlocks.has(event.index)) {
      endedAt = Date.now();
    }
  });
  return () => (startedAt === null ? null : (endedAt ?? Date.now()) - startedAt);
}

/** Text, tool calls and thinking (with its signature); other block kinds are not part of this library's history. */
function keptBlocks(blocks: Anthropic.ContentBlock[]): ContentBlock[] {
  const out: ContentBlock[] = [];
  for (const block of blocks) {
    if (block.type === "text") out.push({ type: "text", text: block.text });
    else if (block.type === "tool_use") out.push({ type: "tool_use", id: block.id, name: block.name, input: block.input ?? {} });
    else if (block.type === "thinking") out.push({ type: "thinking", thinking: block.thinking, signature: block.signature });
    else if (block.type === "redacted_thinking") out.push({ type: "redacted_thinking", data: block.data });
  }
  return out;
}
