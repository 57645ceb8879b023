/**
 * What both scripted servers (model-server.ts for the Messages API, openai-server.ts for Chat
 * Completions) share apart from the wire format: the queue of scripted replies with its
 * fallback, reply functions resolved against the request, and the reading and recording of
 * requests.
 */
import type { IncomingMessage } from "node:http";
import type { ErrorReply, PlainScriptedReply, RecordedRequest, ScriptedReply } from "./model-server-types";
import { describeInvalidReply } from "./model-server-validate";

const MAX_FUNCTION_DEPTH = 8;
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Throws a TypeError naming what is wrong with a reply that cannot be played. */
export function assertPlayable(reply: unknown): void {
  const problem = describeInvalidReply(reply);
  if (problem) throw new TypeError(`Invalid scripted reply ${JSON.stringify(reply)?.slice(0, 200)}: ${problem}`);
}

/** Calls reply functions (they may return functions) until a plain reply comes, and checks it. */
export async function resolveReply(reply: ScriptedReply, request: RecordedRequest): Promise<PlainScriptedReply> {
  for (let depth = 0; typeof reply === "function"; depth++) {
    if (depth === MAX_FUNCTION_DEPTH) throw new Error(`reply functions nested deeper than ${MAX_FUNCTION_DEPTH}`);
    reply = await reply(request);
  }
  assertPlayable(reply);
  return reply;
}

/** Scripted replies in order, then the fallback, then `none` (a loud error by default). */
export class ReplyQueue {
  private readonly queue: ScriptedReply[] = [];
  private fallback: ScriptedReply | null;

  constructor(
    private readonly none: ErrorReply,
    private readonly initialFallback: ScriptedReply | null = null,
  ) {
    if (initialFallback) assertPlayable(initialFallback);
    this.fallback = initialFallback;
  }

  /** Appends; throws a TypeError on a malformed reply. */
  script(...replies: ScriptedReply[]): void {
    replies.forEach(assertPlayable);
    this.queue.push(...replies);
  }

  setFallback(reply: ScriptedReply | null): void {
    if (reply !== null) assertPlayable(reply);
    this.fallback = reply;
  }

  remaining(): number {
    return this.queue.length;
  }

  /** Takes the next reply for `request`, resolved from any function. */
  next(request: RecordedRequest): Promise<PlainScriptedReply> {
    return resolveReply(this.queue.shift() ?? this.fallback ?? this.none, request);
  }

  /** Empties the queue and restores the starting fallback. */
  reset(): void {
    this.queue.length = 0;
    this.fallback = this.initialFallback;
  }
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error("request body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The request as tests read it: headers joined, the body parsed (kept as text when it is not JSON). */
export function recordRequest(req: IncomingMessage, path: string, raw: string): RecordedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  let body: any = raw;
  try {
    body = JSON.parse(raw);
  } catch {
    // kept as text; the request is then refused as invalid JSON
  }
  return { path, headers, body, at: Date.now() };
}

/** Waits on a server's state: each waiter is checked again whenever `notify()` says it changed. */
export class ServerWaiters {
  private readonly listeners = new Set<() => void>();
  private closed = false;

  constructor(private readonly serverName: string) {}

  notify(): void {
    this.listeners.forEach((check) => check());
  }

  /** The server closed: waiters still waiting fail. */
  close(): void {
    this.closed = true;
    this.notify();
  }

  /** Resolves once `ready()` returns a value; rejects after `timeoutMs` or when the server closes. */
  waitFor<T>(ready: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> {
    return new Promise((resolve, reject) => {
      const finish = (error?: Error, value?: T) => {
        this.listeners.delete(check);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(value as T);
      };
      const check = () => {
        const value = ready();
        if (value !== undefined) finish(undefined, value);
        else if (this.closed) finish(new Error(`${this.serverName} closed while waiting for ${what()}`));
      };
      const timer = setTimeout(() => finish(new Error(`timed out after ${timeoutMs} ms waiting for ${what()}`)), timeoutMs);
      this.listeners.add(check);
      check();
    });
  }
}
