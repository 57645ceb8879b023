/**
 * think: one model request, streamed through the SDK. The reply becomes one assistant
 * entry once it is complete. A reply cut off by an error or a kill leaves nothing behind,
 * and the next run asks again. A reply cut off by an abort (the caller stopped the run on
 * purpose) keeps what had streamed, as an entry marked `partial` (see partial-reply.ts).
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { AssistantEntry, ContentBlock, Usage } from "../state/history";
import { appendEntry } from "../state/state";
import { historyBlocks } from "./entry-blocks";
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
      const reply = partial(); // null when no text had arrived: nothing is kept
      if (reply) appendReply(run, { ...reply, stopReason: null, partial: true }, thinkingTime());
      throw abortError(run.signal);
    }
    throw error;
  }
  const reply = { content: historyBlocks(message.content), model: message.model, usage: message.usage, stopReason: message.stop_reason ?? null };
  return appendReply(run, reply, thinkingTime());
}

interface Reply {
  content: ContentBlock[];
  model: string;
  usage: Anthropic.Usage | undefined;
  stopReason: string | null;
  /** Cut off by an abort: what had streamed. */
  partial?: true;
}

/** A reply, whole or cut off, as the run's assistant entry. */
function appendReply(run: RunContext, reply: Reply, thinkingMs: number | null): AssistantEntry {
  const { content, model, usage, stopReason, partial } = reply;
  return appendEntry(run.state, {
    kind: "assistant",
    text: content.map((b) => (b.type === "text" ? b.text : "")).join(""),
    content,
    stopReason,
    model,
    usage: usageOf(usage),
    ...(thinkingMs !== null ? { thinkingMs } : {}),
    ...(partial ? { partial } : {}),
  }) as AssistantEntry;
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
