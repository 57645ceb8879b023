/**
 * Types of the scripted model server: what a test scripts, and what the server records.
 * Re-exported from model-server.ts, which is the module tests import.
 */
import type { CacheBreakpoint, CacheUsage, PromptCacheOptions } from "./model-server-cache";

/** A text reply, split into `chunks` text_delta frames with `delayMs` between delta frames. */
export interface TextReply {
  text: string;
  /** Number of text_delta frames (default 3, never more than the text has characters). */
  chunks?: number;
  delayMs?: number;
  /**
   * Stream this many delta frames (the text's, after any thinking's), then wait for `release()`
   * (POST /_control/release from another process) before the rest: a test sees
   * the first words on screen while the reply is certainly not complete, however slow the machine.
   */
  holdAfter?: number;
  stopReason?: "end_turn" | "max_tokens";
  /** Force a streamed (true) or plain JSON (false) answer; by default the request's `stream` decides. */
  stream?: boolean;
  /** A signed thinking block streamed before the text (as with extended thinking on). */
  thinking?: string;
  /** A redacted_thinking block (this hidden text, encrypted-looking) after the thinking. */
  redactedThinking?: string;
  /** In-process servers only: called with each text delta's words right after they are written (a benchmark times them from here). */
  onTextWritten?(text: string): void;
}

export interface ScriptedToolUse {
  /** Default: a fresh `toolu_...` id. */
  id?: string;
  name: string;
  input: unknown;
  /** OpenAI-compatible server only: the arguments sent exactly as this text (e.g. JSON that does not parse) instead of `input`. */
  rawArguments?: string;
}

/** A reply with stop_reason "tool_use": optional text block first, then one block per tool use (`delayMs` between delta frames). */
export interface ToolUseReply {
  toolUses: ScriptedToolUse[];
  text?: string;
  delayMs?: number;
  stream?: boolean;
  /** A signed thinking block first (see TextReply). */
  thinking?: string;
  redactedThinking?: string;
}

/** An HTTP error with the API's JSON error body and retry headers. */
export interface ErrorReply {
  error: { status: number; type: string; message: string };
  /** Sent as `retry-after-ms` (and `retry-after` in whole seconds). Default 5; must be > 0 for the SDK to honour it. */
  retryAfterMs?: number;
  /** Sent as `x-should-retry`, which the SDK obeys over its own status rules. Default: not sent. */
  shouldRetry?: boolean;
}

/** Headers + message_start (+ optional partial text), then nothing until the client aborts or the server closes. */
export interface HangReply {
  hang: true;
  text?: string;
  /** Hang in the middle of a thinking block with this much thinking streamed (no signature yet). */
  thinking?: string;
  /** A finished, signed thinking block streamed first (then the text, if any). */
  signedThinking?: string;
  /** After the text (then finished), a tool call started whose input stops at this much JSON. */
  openToolUse?: { id?: string; name: string; partialJson: string };
}

/** An `event: error` frame mid-stream (after message_start and optional text); then the response ends. */
export interface StreamErrorReply {
  streamError: { type: string; message: string };
  afterText?: string;
  /** The text in this many text_delta frames (default 1), `delayMs` apart. */
  chunks?: number;
  delayMs?: number;
  /** Stream this many of the text's delta frames, then wait for `release()` (see TextReply). */
  holdAfter?: number;
}

/** Decides the reply when the request arrives; may return another function (resolved up to 8 deep). */
export type ReplyFunction = (request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>;

export type ScriptedReply = TextReply | ToolUseReply | ErrorReply | HangReply | StreamErrorReply | ReplyFunction;

/** A reply that survives JSON: what the control endpoints accept from another process. */
export type PlainScriptedReply = Exclude<ScriptedReply, ReplyFunction>;

export interface RecordedRequest {
  path: string;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON body (the raw text when it was not JSON). */
  body: any;
  /** Date.now() when the body had arrived. */
  at: number;
  /** Where the request's cache_control breakpoints were, with the tokens of the prefix up to each. */
  cacheBreakpoints?: CacheBreakpoint[];
  /** What the simulated prompt cache made of it (null: no breakpoints). */
  cacheUsage?: CacheUsage | null;
}

export type { CacheBreakpoint, CacheUsage, PromptCacheOptions };

/** One model of GET /v1/models. */
export interface ServedModel {
  id: string;
  display_name: string;
  created_at?: string;
}

/** What both scripted servers (Messages API, Chat Completions) offer a test. */
export interface ScriptedServer {
  /** The base URL to give the SDK or the provider. */
  url: string;
  /** Every model request (POST /v1/messages, POST /v1/chat/completions), in order of arrival (a live array: `.length` is always current). */
  requests: RecordedRequest[];
  /** Appends to the queue; each model request takes the next. Throws a TypeError on a malformed reply. */
  script(...replies: ScriptedReply[]): void;
  /** Used when the queue is empty. null restores the default: a 500 saying "no scripted reply left". */
  setFallback(reply: ScriptedReply | null): void;
  /** Resolves with the recorded requests once `count` have arrived (default timeout 10 s, then rejects). */
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  /** Scripted replies not yet taken. */
  remaining(): number;
  /** Lets every reply held by `holdAfter` (waiting, or still to reach its hold) stream the rest; returns how many. */
  release(): number;
  /** Responses still being written (streams in progress, hangs). */
  openReplies(): number;
  /** Stops listening and destroys open connections, which also ends hanging replies. */
  close(): Promise<void>;
}

export interface ModelServer extends ScriptedServer {
  /** http://127.0.0.1:PORT — pass as baseURL to the SDK. */
  url: string;
  /** Every POST /v1/messages/count_tokens, in order. */
  tokenCountRequests: RecordedRequest[];
  /** Resolves once no response is in progress (e.g. after a client abort reached the server). */
  waitForIdle(timeoutMs?: number): Promise<void>;
  /** The app's title requests (header x-alpine-purpose: title), kept apart from `requests`. */
  titleRequests: RecordedRequest[];
  /** Replies to title requests; without one a title request fails (404) and the title stays. */
  scriptTitles(...replies: ScriptedReply[]): void;
  /** Models GET /v1/models lists; null makes it answer 404 (a server without the Models API). */
  setModels(models: ServedModel[] | null): void;
  /** Forgets every cached prefix. */
  clearCache(): void;
  /** Empties the queue and the recorded requests, restores the starting fallback. */
  reset(): void;
}

export interface ModelServerOptions {
  /** Default 0: any free port. */
  port?: number;
  /** The fallback at start and after reset() (default: the loud 500). */
  fallback?: ScriptedReply | null;
  /**
   * Refuse requests the real API refuses (400 invalid_request_error): missing model, max_tokens or
   * messages, a tool_use without its tool_result in the next message, a tool_result without its
   * tool_use. Default true. A refused request is recorded but takes no scripted reply.
   */
  validateRequests?: boolean;
  /** The prompt cache simulation's settings (minimum length, lifetime, clock). */
  cache?: PromptCacheOptions;
  /** Models listed by GET /v1/models (default: a few current models). */
  models?: ServedModel[];
}
