/**
 * The OpenAI-compatible provider: Chat Completions through the official `openai` SDK,
 * streamed, for OpenAI, OpenRouter, Ollama, LM Studio or any server that speaks it. The
 * context is translated per request (openai-messages.ts); the reply comes back in the
 * history's blocks (openai-reply.ts). Rate limits, overloads and server errors are retried
 * by the SDK as the Anthropic SDK does (the same default of 2 retries, honouring retry-after);
 * a stream that stops sending is given up after `timeoutMs`.
 */
import type OpenAI from "openai";
import type { ModelProvider, ProviderReply, ProviderRequest, ProviderStream, StreamHandlers } from "./model-provider";
import { chatMessages, chatTools } from "./openai-messages";
import { ChatReply } from "./openai-reply";
import { mapOpenAIError } from "./openai-errors";

export interface OpenAICompatibleOptions {
  /** e.g. "https://api.openai.com/v1", "http://localhost:11434/v1" (Ollama). */
  baseURL: string;
  /** Optional: local servers take none. */
  apiKey?: string | null;
  /** How the server is named in errors ("Ollama is not running at …"). Default: "The model server". */
  serverName?: string;
  /** Milliseconds to wait for the answer to start and between its chunks. Default 5 minutes. */
  timeoutMs?: number;
  /** Retries of rate limits, overloads, server and network errors. Default 2 (as the Anthropic SDK). */
  maxRetries?: number;
  /** Extra headers of every request (e.g. OpenRouter's HTTP-Referer). */
  headers?: Record<string, string>;
}

export interface ListedModel {
  id: string;
  ownedBy: string | null;
}

export const DEFAULT_TIMEOUT_MS = 5 * 60_000;

export class OpenAICompatibleProvider implements ModelProvider {
  readonly kind = "openai-compatible";
  readonly baseURL: string;
  readonly serverName: string;
  readonly timeoutMs: number;
  private client: OpenAI | undefined;

  constructor(private readonly options: OpenAICompatibleOptions) {
    if (typeof options?.baseURL !== "string" || !/^https?:\/\//.test(options.baseURL)) throw new TypeError(`An OpenAI-compatible provider needs a base URL starting with http:// or https://, got ${JSON.stringify(options?.baseURL)}.`);
    this.baseURL = options.baseURL.replace(/\/+$/, "");
    this.serverName = options.serverName ?? "The model server";
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** The SDK client, loaded at the first request. */
  async sdkClient(): Promise<OpenAI> {
    if (!this.client) {
      const { default: OpenAIClient } = await import("openai");
      this.client ??= new OpenAIClient({
        baseURL: this.baseURL,
        apiKey: this.options.apiKey || "none", // the SDK wants one; a local server ignores it
        timeout: this.timeoutMs,
        maxRetries: this.options.maxRetries ?? 2,
        ...(this.options.headers ? { defaultHeaders: this.options.headers } : {}),
      });
    }
    return this.client;
  }

  async stream(request: ProviderRequest, handlers: StreamHandlers): Promise<ProviderStream> {
    const body = this.requestBody(request); // throws before anything is sent when the context cannot go
    const client = await this.sdkClient();
    const reply = new ChatReply(request.model);
    const done = this.play(client, body, reply, handlers);
    done.catch(() => undefined); // final() gives the failure; until then it is not unhandled
    return { final: () => done, partial: () => reply.partial() };
  }

  private requestBody(request: ProviderRequest): OpenAI.Chat.ChatCompletionCreateParamsStreaming {
    const tokens = /(^|\.)openai\.com$/.test(new URL(this.baseURL).hostname) ? { max_completion_tokens: request.maxTokens } : { max_tokens: request.maxTokens };
    return {
      model: request.model,
      messages: chatMessages(request.system, request.messages, request.model),
      ...(request.tools.length > 0 ? { tools: chatTools(request.tools) } : {}),
      ...tokens,
      stream: true,
      stream_options: { include_usage: true },
    };
  }

  /** Stream the reply into `reply`, giving up when nothing arrives for `timeoutMs`. */
  private async play(client: OpenAI, body: OpenAI.Chat.ChatCompletionCreateParamsStreaming, reply: ChatReply, handlers: StreamHandlers): Promise<ProviderReply> {
    const controller = new AbortController();
    const forward = () => controller.abort(handlers.signal.reason);
    if (handlers.signal.aborted) forward();
    handlers.signal.addEventListener("abort", forward, { once: true });
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, this.timeoutMs);
    };
    try {
      const stream = await client.chat.completions.create(body, { signal: controller.signal });
      wait();
      for await (const chunk of stream) {
        wait();
        reply.add(chunk, handlers.onText, handlers.onThinking);
      }
      // The SDK ends the iteration quietly when its request is aborted: a reply cut off is not whole.
      if (controller.signal.aborted) throw handlers.signal.aborted ? handlers.signal.reason : new Error("the stream was given up");
      return reply.reply();
    } catch (error) {
      if (handlers.signal.aborted) throw error;
      throw mapOpenAIError(error, { model: body.model, serverName: this.serverName, baseURL: this.baseURL, timedOut, timeoutMs: this.timeoutMs });
    } finally {
      clearTimeout(timer);
      handlers.signal.removeEventListener("abort", forward);
    }
  }

  /** The server's models (GET /models); an empty list when it has none (the person types the name). */
  async models(signal?: AbortSignal): Promise<ListedModel[]> {
    const client = await this.sdkClient();
    const out: ListedModel[] = [];
    try {
      for await (const model of client.models.list({ signal, maxRetries: 0, timeout: Math.min(this.timeoutMs, 10_000) })) out.push({ id: model.id, ownedBy: model.owned_by ?? null });
    } catch (error) {
      throw mapOpenAIError(error, { model: null, serverName: this.serverName, baseURL: this.baseURL, timedOut: false, timeoutMs: this.timeoutMs });
    }
    return out;
  }
}
