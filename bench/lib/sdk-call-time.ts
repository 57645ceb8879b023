/**
 * The time the agent's model requests spend inside the SDK call, from the call to the end of
 * its answer, so the library's own time is the run minus this. The SDK's method is wrapped,
 * not stood in for: the real call runs unchanged and the wrapper only reads the clock. (A
 * fetch-level timer cannot say this: the SDK serialises the request before fetch is called.)
 */
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { nowMs } from "./timing";

export interface SdkCallTime {
  /** Milliseconds inside calls that ended since the last reset. */
  total(): number;
  reset(): void;
}

/** Anthropic: `messages.stream()` to its final message. */
export function timeAnthropicStreams(client: Anthropic): SdkCallTime {
  const messages = client.messages;
  const stream = messages.stream.bind(messages);
  let total = 0;
  messages.stream = ((body: Parameters<typeof stream>[0], options?: Parameters<typeof stream>[1]) => {
    const started = nowMs();
    const running = stream(body, options);
    running.finalMessage().then(
      () => void (total += nowMs() - started),
      () => undefined,
    );
    return running;
  }) as typeof messages.stream;
  return { total: () => total, reset: () => void (total = 0) };
}

/** openai: streamed `chat.completions.create()` to the end of its stream. */
export function timeChatCompletions(client: OpenAI): SdkCallTime {
  const completions = client.chat.completions;
  const create = completions.create.bind(completions) as (...args: unknown[]) => Promise<AsyncIterable<unknown>>;
  let total = 0;
  (completions as unknown as { create: unknown }).create = async (...args: unknown[]) => {
    const started = nowMs();
    const stream = await create(...args);
    const iterate = stream[Symbol.asyncIterator].bind(stream);
    (stream as { [Symbol.asyncIterator]: unknown })[Symbol.asyncIterator] = () => {
      const inner = iterate();
      return {
        next: async () => {
          const step = await inner.next();
          if (step.done) total += nowMs() - started;
          return step;
        },
        return: inner.return?.bind(inner),
      };
    };
    return stream;
  };
  return { total: () => total, reset: () => void (total = 0) };
}
