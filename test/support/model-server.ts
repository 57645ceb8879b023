/**
 * A scripted stand-in for the Messages API on 127.0.0.1, for tests that run the real SDK.
 * Each POST /v1/messages takes the next scripted reply; /_control/* lets another process script it.
 *
 *   const server = await startModelServer();
 *   server.script({ text: "Hi!", chunks: 3 }, { toolUses: [{ name: "search", input: { q: "x" } }] });
 *   const client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
 *   ... run the code under test ...
 *   expect(server.requests[1].body.messages).toEqual(...);
 *   await server.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type {
  ErrorReply,
  ModelServer,
  ModelServerOptions,
  PlainScriptedReply,
  RecordedRequest,
  ScriptedReply,
} from "./model-server-types";
import { estimateInputTokens, newRequestId, playReply, sendError, sendJson } from "./model-server-replies";
import { Holds } from "./model-server-holds";
import { describeInvalidRequest } from "./model-server-validate";
import { assertPlayable, readBody, recordRequest, ReplyQueue, resolveReply, ServerWaiters } from "./scripted-replies";
import { PromptCache, withoutCacheControl } from "./model-server-cache";
import type { ServedModel } from "./model-server-types";

export type * from "./model-server-types";
export { estimateInputTokens, estimateTokens } from "./model-server-replies";
export { PromptCache, withoutCacheControl } from "./model-server-cache";
export { signThinking } from "./model-server-thinking";

/** The messages of a recorded request as the model sees them (cache_control marks left out). */
export const sentMessages = (request: RecordedRequest): any[] => withoutCacheControl(request.body?.messages);

/** What GET /v1/models lists unless a test says otherwise. */
export const DEFAULT_SERVED_MODELS: ServedModel[] = [
  { id: "claude-opus-4-5", display_name: "Claude Opus 4.5", created_at: "2025-11-24T00:00:00Z" },
  { id: "claude-sonnet-4-6", display_name: "Claude Sonnet 4.6", created_at: "2026-02-17T00:00:00Z" },
  { id: "claude-haiku-4-5", display_name: "Claude Haiku 4.5", created_at: "2025-10-15T00:00:00Z" },
];
export { echoReply } from "./model-server-echo";
export { connectModelServer, ModelServerControlError, type ModelServerControl } from "./model-server-control";
export { startModelServerProcess, type ModelServerProcess } from "./model-server-process";

/** Not retried (x-should-retry: false), so a test that scripted too few replies fails at once. */
export const NO_SCRIPTED_REPLY_LEFT: ErrorReply = {
  error: { status: 500, type: "api_error", message: "no scripted reply left: script() more replies or setFallback()" },
  shouldRetry: false,
};

/** The header the app marks its title requests with. */
const TITLE_HEADER = "x-alpine-purpose";
const NO_TITLE_SCRIPTED: ErrorReply = { error: { status: 404, type: "not_found_error", message: "no title scripted: scriptTitles()" }, shouldRetry: false };

const invalidRequest = (message: string): ErrorReply => ({
  error: { status: 400, type: "invalid_request_error", message },
});

export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  const validate = options.validateRequests ?? true;
  const replies = new ReplyQueue(NO_SCRIPTED_REPLY_LEFT, options.fallback ?? null);
  const requests: RecordedRequest[] = [];
  const tokenCountRequests: RecordedRequest[] = [];
  const cache = new PromptCache(options.cache);
  const titleRequests: RecordedRequest[] = [];
  const titleQueue: ScriptedReply[] = [];
  let models: ServedModel[] | null = options.models ?? DEFAULT_SERVED_MODELS;
  const open = new Set<ServerResponse>(); // every response in progress, destroyed on close()
  const replying = new Set<ServerResponse>(); // the /v1/messages ones among them
  const waiters = new ServerWaiters("model server"); // re-checked whenever requests arrive or replies end
  const holds = new Holds();
  let closed = false;

  /** The app's title requests (marked by a header) have their own queue; unscripted, they fail and titles stay. */
  async function answerTitle(request: RecordedRequest, res: ServerResponse, signal: AbortSignal) {
    titleRequests.push(request);
    waiters.notify();
    const reply = titleQueue.shift() ?? NO_TITLE_SCRIPTED;
    await playReply(res, await resolveReply(reply, request), request, signal);
  }

  async function answerMessages(req: IncomingMessage, res: ServerResponse, path: string, signal: AbortSignal) {
    replying.add(res);
    const request = recordRequest(req, path, await readBody(req));
    if (request.headers[TITLE_HEADER] === "title") return answerTitle(request, res, signal);
    requests.push(request);
    waiters.notify();
    const problem = typeof request.body === "string" ? "request body is not valid JSON" : validate ? describeInvalidRequest(request.body) : null;
    if (problem) return sendError(res, invalidRequest(problem));
    const cached = cache.account(request.body);
    request.cacheBreakpoints = cached.breakpoints;
    request.cacheUsage = cached.usage;
    let reply: PlainScriptedReply;
    try {
      reply = await replies.next(request);
    } catch (error) {
      const message = `scripted reply function failed: ${error instanceof Error ? error.message : String(error)}`;
      return sendError(res, { error: { status: 500, type: "api_error", message }, shouldRetry: false });
    }
    await playReply(res, reply, request, signal, holds.of(reply));
  }

  async function answerControl(req: IncomingMessage, res: ServerResponse, url: URL) {
    const route = `${req.method} ${url.pathname}`;
    const raw = req.method === "POST" ? await readBody(req) : "";
    const body = raw ? JSON.parse(raw) : null;
    switch (route) {
      case "POST /_control/script": {
        if (!Array.isArray(body)) throw new TypeError("POST /_control/script takes a JSON array of replies");
        server.script(...body);
        return sendJson(res, 200, { queued: replies.remaining() });
      }
      case "POST /_control/titles":
        if (!Array.isArray(body)) throw new TypeError("POST /_control/titles takes a JSON array of replies");
        server.scriptTitles(...body);
        return sendJson(res, 200, { ok: true });
      case "GET /_control/title-requests":
        return sendJson(res, 200, titleRequests);
      case "POST /_control/fallback":
        server.setFallback(body);
        return sendJson(res, 200, { ok: true });
      case "POST /_control/models":
        if (body !== null && !Array.isArray(body)) throw new TypeError("POST /_control/models takes a JSON array of models, or null");
        server.setModels(body);
        return sendJson(res, 200, { ok: true });
      case "POST /_control/release":
        return sendJson(res, 200, { released: server.release() });
      case "POST /_control/reset":
        server.reset();
        return sendJson(res, 200, { ok: true });
      case "GET /_control/requests":
      case "GET /_control/token-count-requests": {
        const list = route.endsWith("/requests") ? requests : tokenCountRequests;
        const atLeast = Number(url.searchParams.get("atLeast") ?? 0);
        const timeoutMs = Number(url.searchParams.get("timeoutMs") ?? 10_000);
        await waiters.waitFor(() => (list.length >= atLeast ? true : undefined), timeoutMs, () => `${atLeast} requests (have ${list.length})`);
        return sendJson(res, 200, list);
      }
      default:
        return sendJson(res, 404, { type: "error", error: { type: "not_found_error", message: `no control route ${route}` } });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    open.add(res);
    const aborted = new AbortController();
    res.on("close", () => {
      open.delete(res);
      replying.delete(res);
      aborted.abort();
      waiters.notify();
    });
    res.setHeader("request-id", newRequestId());
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const route = `${req.method} ${url.pathname}`;
    try {
      if (route === "POST /v1/messages") return await answerMessages(req, res, url.pathname, aborted.signal);
      if (route === "POST /v1/messages/count_tokens") {
        const request = recordRequest(req, url.pathname, await readBody(req));
        tokenCountRequests.push(request);
        waiters.notify();
        return sendJson(res, 200, { input_tokens: estimateInputTokens(request.body) });
      }
      if (route === "GET /v1/models") {
        if (!models) return sendJson(res, 404, { type: "error", error: { type: "not_found_error", message: "the Models API is not served here" } });
        const data = models.map((m) => ({ type: "model", created_at: "2025-01-01T00:00:00Z", ...m }));
        return sendJson(res, 200, { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null });
      }
      if (url.pathname.startsWith("/_control/")) return await answerControl(req, res, url);
      sendJson(res, 404, { type: "error", error: { type: "not_found_error", message: `${route} is not served here` } });
    } catch (error) {
      if (aborted.signal.aborted) return; // the client left or the server closed: nobody to tell
      const message = error instanceof Error ? error.message : String(error);
      if (!res.headersSent) sendJson(res, 400, { type: "error", error: { type: "invalid_request_error", message } });
      else res.destroy();
    }
  }

  const http = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = http.address() as AddressInfo;

  const server: ModelServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    tokenCountRequests,
    script: (...scripted) => replies.script(...scripted),
    setFallback: (reply) => replies.setFallback(reply),
    waitForRequests(count, timeoutMs = 10_000) {
      return waiters.waitFor(
        () => (requests.length >= count ? requests.slice() : undefined),
        timeoutMs,
        () => `${count} requests to /v1/messages (${requests.length} arrived)`,
      );
    },
    remaining: () => replies.remaining(),
    release: () => holds.releaseAll(),
    titleRequests,
    scriptTitles(...scripted) {
      scripted.forEach(assertPlayable);
      titleQueue.push(...scripted);
    },
    setModels(list) {
      models = list;
    },
    clearCache: () => cache.clear(),
    openReplies: () => replying.size,
    waitForIdle(timeoutMs = 10_000) {
      const idle = () => (replying.size === 0 ? true : undefined);
      return waiters.waitFor(idle, timeoutMs, () => `${replying.size} open replies to end`).then(() => {});
    },
    reset() {
      replies.reset();
      titleQueue.length = 0;
      titleRequests.length = 0;
      requests.length = 0;
      tokenCountRequests.length = 0;
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
  return server;
}
