/**
 * The Anthropic provider: the Messages API through the official SDK, streamed. Requests
 * carry the prompt cache's breakpoints and extended thinking; thinking blocks come back
 * with their signatures and stay in the history. The SDK's own errors pass through
 * unchanged (RateLimitError, OverloadedError, ...), retried as the client is set to.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { Usage } from "../../state/history";
import { historyBlocks } from "../entry-blocks";
import { keptOfPartial } from "../partial-reply";
import { buildRequest } from "../request";
import type { ModelProvider, ProviderReply, ProviderRequest, ProviderStream, StreamHandlers } from "./model-provider";

type MessageStream = ReturnType<Anthropic["messages"]["stream"]>;

export class AnthropicProvider implements ModelProvider {
  readonly kind = "anthropic";
  private client: Anthropic | undefined;

  /** Without a client, `new Anthropic()` (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL), made and loaded at the first request. */
  constructor(client?: Anthropic) {
    this.client = client;
  }

  /** The SDK client, loaded at the first request: a program that never asks the model never loads it. */
  async sdkClient(): Promise<Anthropic> {
    if (!this.client) {
      const { default: AnthropicClient } = await import("@anthropic-ai/sdk");
      this.client ??= new AnthropicClient();
    }
    return this.client;
  }

  async stream(request: ProviderRequest, handlers: StreamHandlers): Promise<ProviderStream> {
    const client = await this.sdkClient();
    const stream = client.messages.stream(buildRequest(request), { signal: handlers.signal });
    stream.on("text", (text) => handlers.onText(text));
    stream.on("thinking", (thinking) => handlers.onThinking(thinking));
    const thinkingTime = timeThinking(stream);
    let snapshot: Anthropic.Message | null = null;
    stream.on("streamEvent", (_event: Anthropic.MessageStreamEvent, messageSnapshot: Anthropic.Message) => {
      snapshot = messageSnapshot;
    });
    return {
      async final(): Promise<ProviderReply> {
        const message = await stream.finalMessage();
        return { content: historyBlocks(message.content), model: message.model, usage: usageOf(message.usage), stopReason: message.stop_reason ?? null, thinkingMs: thinkingTime() };
      },
      partial(): ProviderReply | null {
        const kept = snapshot ? keptOfPartial(snapshot) : null;
        return kept ? { ...kept, usage: usageOf(kept.usage), stopReason: null, thinkingMs: thinkingTime() } : null;
      },
    };
  }
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
function timeThinking(stream: MessageStream): () => number | null {
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
