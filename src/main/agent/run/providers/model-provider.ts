/**
 * A model provider: the one thing a think or compact step needs from a model service. It
 * takes a request in the library's own terms (the context as the history keeps it, in the
 * Messages API's block format), streams it, tells text and thinking as they arrive, and gives
 * the reply back as history blocks with usage and stop reason. Each provider translates the
 * request for its service and maps its service's errors; the history stays one format.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { ContentBlock, Usage } from "../../state/history";
import type { ThinkingSetting } from "../../state/state";
import type { ToolSpec } from "../../tools/builtin-tools";

export interface ProviderRequest {
  model: string;
  /** "" for none. */
  system: string;
  maxTokens: number;
  /** Every tool offered (empty: none). */
  tools: ToolSpec[];
  /** The context in the history's block format (attachments already resolved). */
  messages: Anthropic.MessageParam[];
  /** Extended thinking as the State asks for it (a provider without it leaves it out). */
  thinking: ThinkingSetting;
  /** Mark the stable prefix for a prompt cache, where the service has one. */
  promptCaching: boolean;
}

/** A finished (or, after an abort, cut-off) reply in the history's terms. */
export interface ProviderReply {
  content: ContentBlock[];
  model: string;
  usage: Usage;
  /** In the history's vocabulary: "end_turn", "tool_use", "max_tokens", ... */
  stopReason: string | null;
  /** Milliseconds from the start of the first thinking block to the end of the last; null without thinking. */
  thinkingMs: number | null;
}

export interface StreamHandlers {
  signal: AbortSignal;
  onText(text: string): void;
  onThinking(text: string): void;
}

export interface ProviderStream {
  /** The whole reply; rejects with the provider's (mapped) error, or on abort. */
  final(): Promise<ProviderReply>;
  /** What can be kept of the reply so far after an abort (text, signed thinking, no tool calls); null without text. */
  partial(): ProviderReply | null;
}

export interface ModelProvider {
  /** "anthropic" or "openai-compatible": which translation a request gets. */
  readonly kind: string;
  /** Start one streamed request. Throws before any request when the context holds something this model cannot take. */
  stream(request: ProviderRequest, handlers: StreamHandlers): ProviderStream | Promise<ProviderStream>;
}
