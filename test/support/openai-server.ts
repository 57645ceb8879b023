/**
 * A scripted stand-in for an OpenAI-compatible server (Chat Completions, as OpenAI, OpenRouter,
 * Ollama and LM Studio serve it) on 127.0.0.1, for tests that run the real `openai` SDK. It
 * plays the same scripted replies as the Messages API stand-in (model-server.ts), so one test
 * body runs against either; it refuses requests a strict server refuses.
 *
 *   const server = await startOpenAIServer();
 *   server.script({ text: "Hi!" }, { toolUses: [{ name: "search", input: { q: "x" } }] });
 *   const provider = new OpenAICompatibleProvider({ baseURL: server.url, maxRetries: 0 });
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ErrorReply, RecordedRequest, ScriptedServer } from "./model-server-types";
import { Holds } from "./model-server-holds";
import { sendJson } from "./model-server-replies";
import { playChatReply, sendChatError } from "./openai-server-replies";
import { describeInvalidChatRequest } from "./openai-server-validate";
import { readBody, recordRequest, ReplyQueue, ServerWaiters } from "./scripted-replies";

export interface OpenAIServerOptions {
  /** Models GET /v1/models lists (default: two local-looking models); [] lists none. */
  models?: string[];
  /** Models that refuse any request with tools, as Ollama does for models without tool support. */
  modelsWithoutTools?: string[];
  /** When set, requests must carry `Authorization: Bearer <key>` (else 401). */
  apiKey?: string;
}

export interface OpenAIServer extends ScriptedServer {
  /** http://127.0.0.1:PORT/v1: the base URL to give the provider. */
  url: string;
  /** Models GET /v1/models lists from now on. */
  setModels(models: string[]): void;
}

export const DEFAULT_OPENAI_MODELS = ["llama3.2:3b", "qwen2.5:7b"];

export const NO_CHAT_REPLY_LEFT: ErrorReply = {
  error: { status: 500, type: "server_error", message: "no scripted reply left: script() more replies or setFallback()" },
  shouldRetry: false,
};

const invalid = (message: string): ErrorReply => ({ error: { status: 400, type: "invalid_request_error", message }, shouldRetry: false });

export async function startOpenAIServer(options: OpenAIServerOptions = {}): Promise<OpenAIServer> {
  const replies = new ReplyQueue(NO_CHAT_REPLY_LEFT);
  const requests: RecordedRequest[] = [];
  let models = options.models ?? DEFAULT_OPENAI_MODELS;
  const withoutTools = new Set(options.modelsWithoutTools ?? []);
  const open = new Set<ServerResponse>();
  const replying = new Set<ServerResponse>();
  const waiters = new ServerWaiters("chat server");
  const holds = new Holds();

  async function answerChat(req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
    replying.add(res);
    const request = recordRequest(req, "/v1/chat/completions", await readBody(req));
    requests.push(request);
    waiters.notify();
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendChatError(res, { error: { status: 401, type: "invalid_request_error", message: "Incorrect API key provided." }, shouldRetry: false });
    }
    const problem = typeof request.body === "string" ? "request body is not valid JSON" : describeInvalidChatRequest(request.body);
    if (problem) return sendChatError(res, invalid(problem));
    if (request.body.tools && withoutTools.has(request.body.model)) return sendChatError(res, invalid(`registry.ollama.ai/library/${request.body.model} does not support tools`));
    const reply = await replies.next(request);
    await playChatReply(res, reply, request, signal, holds.of(reply));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    open.add(res);
    const aborted = new AbortController();
    res.on("close", () => {
      open.delete(res);
      replying.delete(res);
      aborted.abort();
      waiters.notify();
    });
    const route = `${req.method} ${new URL(req.url ?? "/", "http://127.0.0.1").pathname}`;
    try {
      if (route === "POST /v1/chat/completions") return await answerChat(req, res, aborted.signal);
      if (route === "GET /v1/models") {
        if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) return sendChatError(res, { error: { status: 401, type: "invalid_request_error", message: "Incorrect API key provided." }, shouldRetry: false });
        return sendJson(res, 200, { object: "list", data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "library" })) });
      }
      sendJson(res, 404, { error: { message: `${route} is not served here`, type: "not_found" } });
    } catch (error) {
      if (aborted.signal.aborted) return;
      if (!res.headersSent) sendChatError(res, { error: { status: 500, type: "server_error", message: error instanceof Error ? error.message : String(error) }, shouldRetry: false });
      else res.destroy();
    }
  }

  const http = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  let closed = false;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...scripted) => replies.script(...scripted),
    setFallback: (reply) => replies.setFallback(reply),
    waitForRequests(count, timeoutMs = 10_000) {
      return waiters.waitFor(
        () => (requests.length >= count ? requests.slice() : undefined),
        timeoutMs,
        () => `${count} chat requests (${requests.length} arrived)`,
      );
    },
    remaining: () => replies.remaining(),
    release: () => holds.releaseAll(),
    openReplies: () => replying.size,
    setModels(list) {
      models = list;
    },
    async close() {
      if (closed) return;
      closed = true;
      waiters.close();
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      for (const res of open) res.destroy();
      http.closeAllConnections();
      await stopped;
    },
  };
}
