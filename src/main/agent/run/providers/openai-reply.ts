/**
 * A Chat Completions reply put together from its streamed chunks: text as it comes, tool
 * calls whose id, name and arguments arrive in fragments (several calls interleaved by
 * index), reasoning shown as thinking (some servers stream it; it has no signature, so it
 * is not kept), and the usage of the final chunk. Arguments that are not a JSON object are
 * kept as their text: the call then gets an error result the model can act on.
 */
import type OpenAI from "openai";
import type { ContentBlock, Usage } from "../../state/history";
import type { ProviderReply } from "./model-provider";

interface CallSoFar {
  id: string;
  name: string;
  args: string;
}

/** Reasoning text some OpenAI-compatible servers add to a delta (Ollama, OpenRouter, LM Studio, DeepSeek). */
type DeltaWithReasoning = OpenAI.Chat.ChatCompletionChunk.Choice.Delta & { reasoning_content?: string | null; reasoning?: string | null };

const STOP_REASONS: Record<string, string> = { stop: "end_turn", tool_calls: "tool_use", function_call: "tool_use", length: "max_tokens" };

export class ChatReply {
  private text = "";
  private readonly calls: CallSoFar[] = [];
  private usage: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  private finishReason: string | null = null;
  private model: string;
  private thinkingFrom: number | null = null;
  private thinkingTo: number | null = null;

  constructor(model: string) {
    this.model = model;
  }

  add(chunk: OpenAI.Chat.ChatCompletionChunk, onText: (text: string) => void, onThinking: (text: string) => void): void {
    if (chunk.model) this.model = chunk.model;
    if (chunk.usage) this.usage = usageOf(chunk.usage);
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const delta = (choice.delta ?? {}) as DeltaWithReasoning;
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (reasoning) {
      this.thinkingFrom ??= Date.now();
      onThinking(reasoning);
    } else if (this.thinkingFrom !== null && this.thinkingTo === null && (delta.content || delta.tool_calls)) this.thinkingTo = Date.now();
    if (delta.content) {
      this.text += delta.content;
      onText(delta.content);
    }
    for (const fragment of delta.tool_calls ?? []) this.addCallFragment(fragment);
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  private addCallFragment(fragment: OpenAI.Chat.ChatCompletionChunk.Choice.Delta.ToolCall): void {
    const index = fragment.index ?? this.calls.length;
    const call = (this.calls[index] ??= { id: "", name: "", args: "" });
    if (fragment.id) call.id = fragment.id;
    if (fragment.function?.name) call.name += fragment.function.name;
    if (fragment.function?.arguments) call.args += fragment.function.arguments;
  }

  /** The whole reply. A call without an id gets one, so its result can be matched to it. */
  reply(): ProviderReply {
    const content: ContentBlock[] = [];
    if (this.text !== "") content.push({ type: "text", text: this.text });
    this.calls.forEach((call, i) => {
      if (call) content.push({ type: "tool_use", id: call.id || `call_${i}_${Date.now().toString(36)}`, name: call.name, input: parseArguments(call.args) });
    });
    const hasCalls = content.some((b) => b.type === "tool_use");
    const stopReason = hasCalls ? "tool_use" : this.finishReason ? (STOP_REASONS[this.finishReason] ?? this.finishReason) : null;
    return { content, model: this.model, usage: this.usage, stopReason, thinkingMs: this.thinkingMs() };
  }

  /** What is kept of a reply cut off by an abort: its text, no calls; null without text. */
  partial(): ProviderReply | null {
    if (this.text === "") return null;
    return { content: [{ type: "text", text: this.text }], model: this.model, usage: this.usage, stopReason: null, thinkingMs: this.thinkingMs() };
  }

  private thinkingMs(): number | null {
    return this.thinkingFrom === null ? null : (this.thinkingTo ?? Date.now()) - this.thinkingFrom;
  }
}

/** A call's arguments: the JSON object, or (not a JSON object) the text as written. No arguments at all is `{}`. */
function parseArguments(args: string): unknown {
  if (args.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(args);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : args;
  } catch {
    return args;
  }
}

/** Chat Completions counts cached tokens inside the prompt's; the history counts them apart, as Anthropic does. */
function usageOf(usage: OpenAI.CompletionUsage): Usage {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  return { inputTokens: Math.max(0, (usage.prompt_tokens ?? 0) - cached), outputTokens: usage.completion_tokens ?? 0, cacheReadTokens: cached, cacheWriteTokens: 0 };
}
