/**
 * The Anthropic client a run talks through: created with the person's key and, when
 * given, another base URL (tests point it at the scripted model server).
 */
import Anthropic from "@anthropic-ai/sdk";

export interface ModelClientOptions {
  /** Default: the SDK's own (ANTHROPIC_BASE_URL, else the Anthropic API). */
  baseURL?: string;
  /** How often the SDK retries rate limits, overloads and network errors. Default: the SDK's (2). */
  maxRetries?: number;
}

export function createModelClient(apiKey: string, options: ModelClientOptions = {}): Anthropic {
  return new Anthropic({
    apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  });
}
