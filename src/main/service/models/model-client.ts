/**
 * The Anthropic client a run talks through: created with the person's key and, when
 * given, another base URL (tests point it at the scripted model server). The SDK is loaded
 * at the first run, not when the app starts: the first screen does not need it.
 */
import type Anthropic from "@anthropic-ai/sdk";

export interface ModelClientOptions {
  /** Default: the SDK's own (ANTHROPIC_BASE_URL, else the Anthropic API). */
  baseURL?: string;
  /** How often the SDK retries rate limits, overloads and network errors. Default: the SDK's (2). */
  maxRetries?: number;
}

export async function createModelClient(apiKey: string, options: ModelClientOptions = {}): Promise<Anthropic> {
  const { default: AnthropicClient } = await import("@anthropic-ai/sdk");
  return new AnthropicClient({
    apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  });
}
