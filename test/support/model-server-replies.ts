/**
 * Plays one scripted reply onto an HTTP response, in the wire format of the Messages API:
 * Server-Sent Events for streamed requests, a JSON Message otherwise, JSON error bodies for errors.
 */
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type {
  ErrorReply,
  HangReply,
  PlainScriptedReply,
  RecordedRequest,
  StreamErrorReply,
  TextReply,
  ToolUseReply,
} from "./model-server-types";
import { replyKind } from "./model-server-validate";
import type { CacheUsage } from "./model-server-cache";
import { redactedData, signThinking } from "./model-server-thinking";
import type { Hold } from "./model-server-holds";

/** Small enough that SDK retries cost nothing; the SDK ignores 0 and falls back to its own backoff. */
export const DEFAULT_RETRY_AFTER_MS = 5;
const DEFAULT_CHUNKS = 3;
const DEFAULT_MODEL = "claude-sonnet-4-6";

const randomId = (prefix: string) => prefix + randomBytes(12).toString("base64url");
export const newRequestId = () => randomId("req_");

/** Plausible token count: about four characters of JSON per token. */
export function estimateTokens(value: unknown): number {
  return Math.max(1, Math.ceil((JSON.stringify(value) ?? "").length / 4));
}

/** Input tokens of a messages or count_tokens body: the same estimate for both, so they agree. */
export function estimateInputTokens(body: any): number {
  return estimateTokens({ system: body?.system, messages: body?.messages, tools: body?.tools });
}

/** Splits into at most `pieces` non-empty parts without cutting a character (surrogate pairs stay whole). */
export function splitIntoPieces(text: string, pieces: number): string[] {
  const chars = Array.from(text);
  const n = Math.max(1, Math.min(pieces, chars.length));
  if (chars.length === 0) return [];
  return Array.from({ length: n }, (_, i) =>
    chars.slice(Math.floor((i * chars.length) / n), Math.floor(((i + 1) * chars.length) / n)).join(""),
  );
}

type PlannedBlock =
  | { type: "text"; text: string; pieces: string[] }
  | { type: "thinking"; thinking: string; signature: string; pieces: string[] }
  | { type: "redacted_thinking"; data: string; pieces: string[] }
  | { type: "tool_use"; id: string; name: string; input: unknown; pieces: string[] };

interface MessagePlan {
  id: string;
  model: string;
  blocks: PlannedBlock[];
  stopReason: "end_turn" | "max_tokens" | "tool_use";
  inputTokens: number;
  outputTokens: number;
  cache: CacheUsage | null;
}

function thinkingBlocks(reply: { thinking?: string; redactedThinking?: string }): PlannedBlock[] {
  const blocks: PlannedBlock[] = [];
  if (reply.thinking !== undefined) {
    blocks.push({ type: "thinking", thinking: reply.thinking, signature: signThinking(reply.thinking), pieces: splitIntoPieces(reply.thinking, DEFAULT_CHUNKS) });
  }
  if (reply.redactedThinking !== undefined) blocks.push({ type: "redacted_thinking", data: redactedData(reply.redactedThinking), pieces: [] });
  return blocks;
}

function planMessage(reply: TextReply | ToolUseReply, body: any, cache: CacheUsage | null = null): MessagePlan {
  const blocks: PlannedBlock[] = thinkingBlocks(reply);
  if (reply.text !== undefined && ("toolUses" in reply ? reply.text !== "" : true)) {
    const chunks = "chunks" in reply && reply.chunks ? reply.chunks : DEFAULT_CHUNKS;
    blocks.push({ type: "text", text: reply.text, pieces: splitIntoPieces(reply.text, chunks) });
  }
  for (const use of "toolUses" in reply ? reply.toolUses : []) {
    const input = use.input ?? {};
    const json = JSON.stringify(input);
    blocks.push({ type: "tool_use", id: use.id ?? randomId("toolu_"), name: use.name, input, pieces: splitIntoPieces(json, 4) });
  }
  const stopReason = "toolUses" in reply ? "tool_use" : (reply.stopReason ?? "end_turn");
  const outputTokens = estimateTokens(blocks.map(blockJson));
  const model = typeof body?.model === "string" ? body.model : DEFAULT_MODEL;
  const inputTokens = cache ? cache.input_tokens : estimateInputTokens(body);
  return { id: randomId("msg_"), model, blocks, stopReason, inputTokens, outputTokens, cache };
}

function blockJson(b: PlannedBlock) {
  if (b.type === "text") return { type: "text", text: b.text };
  if (b.type === "thinking") return { type: "thinking", thinking: b.thinking, signature: b.signature };
  if (b.type === "redacted_thinking") return { type: "redacted_thinking", data: b.data };
  return { type: "tool_use", id: b.id, name: b.name, input: b.input };
}

/** usage as the API reports it: the cache's reads and writes apart from plain input. */
function usageJson(plan: Pick<MessagePlan, "inputTokens" | "cache">, outputTokens: number) {
  return {
    input_tokens: plan.inputTokens,
    output_tokens: outputTokens,
    cache_creation_input_tokens: plan.cache?.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: plan.cache?.cache_read_input_tokens ?? 0,
  };
}

function messageJson(plan: MessagePlan) {
  return {
    id: plan.id,
    type: "message",
    role: "assistant",
    model: plan.model,
    content: plan.blocks.map(blockJson),
    stop_reason: plan.stopReason,
    stop_sequence: null,
    stop_details: null,
    container: null,
    usage: usageJson(plan, plan.outputTokens),
  };
}

interface Frame {
  event: string;
  data: Record<string, unknown>;
}
const frame = (event: string, data: Record<string, unknown> = {}): Frame => ({ event, data: { type: event, ...data } });

function messageStartFrame(plan: Pick<MessagePlan, "id" | "model" | "inputTokens" | "cache">): Frame {
  const message = { id: plan.id, type: "message", role: "assistant", model: plan.model, content: [], stop_reason: null, stop_sequence: null };
  return frame("message_start", { message: { ...message, usage: usageJson(plan, 1) } });
}

function startBlock(block: PlannedBlock) {
  if (block.type === "text") return { type: "text", text: "" };
  if (block.type === "thinking") return { type: "thinking", thinking: "", signature: "" };
  if (block.type === "redacted_thinking") return { type: "redacted_thinking", data: block.data };
  return { type: "tool_use", id: block.id, name: block.name, input: {} };
}

function deltaOf(block: PlannedBlock, piece: string) {
  if (block.type === "text") return { type: "text_delta", text: piece };
  if (block.type === "thinking") return { type: "thinking_delta", thinking: piece };
  return { type: "input_json_delta", partial_json: piece };
}

/** A block's frames; `open` leaves it unfinished (no signature, no stop), as a hang does. */
function blockFrames(block: PlannedBlock, index: number, open = false): Frame[] {
  const start = startBlock(block);
  const deltas = block.pieces.map((piece) => frame("content_block_delta", { index, delta: deltaOf(block, piece) }));
  if (block.type === "thinking" && !open) deltas.push(frame("content_block_delta", { index, delta: { type: "signature_delta", signature: block.signature } }));
  if (open) return [frame("content_block_start", { index, content_block: start }), ...deltas];
  // A ping in the middle of the deltas: the SDK must skip it wherever it comes.
  deltas.splice(Math.ceil(deltas.length / 2), 0, frame("ping"));
  return [frame("content_block_start", { index, content_block: start }), ...deltas, frame("content_block_stop", { index })];
}

function streamFrames(plan: MessagePlan): Frame[] {
  return [
    messageStartFrame(plan),
    frame("ping"),
    ...plan.blocks.flatMap((block, i) => blockFrames(block, i)),
    frame("message_delta", { delta: { stop_reason: plan.stopReason, stop_sequence: null }, usage: usageJson(plan, plan.outputTokens) }),
    frame("message_stop"),
  ];
}

const encodeFrame = (f: Frame) => `event: ${f.event}\ndata: ${JSON.stringify(f.data)}\n\n`;

function startEventStream(res: ServerResponse) {
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  res.flushHeaders();
}

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));

/**
 * Writes frames in order, waiting `delayMs` before each delta but the first: the content trickles in.
 * With a hold, the delta after the first `afterDeltas` waits for its release (or the client's abort).
 */
async function playFrames(res: ServerResponse, frames: Frame[], delayMs: number, signal: AbortSignal, hold?: Hold, onTextWritten?: (text: string) => void) {
  let deltas = 0;
  for (const f of frames) {
    if (f.event === "content_block_delta") {
      if (hold && deltas === hold.afterDeltas) await Promise.race([hold.released, untilAborted(signal)]);
      if (deltas++ > 0 && delayMs > 0) await sleep(delayMs, undefined, { signal });
    }
    if (signal.aborted || res.destroyed) return;
    res.write(encodeFrame(f));
    const delta = f.event === "content_block_delta" ? (f.data as { delta?: { type?: string; text?: string } }).delta : undefined;
    if (onTextWritten && delta?.type === "text_delta") onTextWritten(delta.text ?? "");
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The headers both SDKs read to decide whether, and when, to retry an error reply. */
export function retryHeaders(reply: ErrorReply): Record<string, string> {
  const retryAfterMs = reply.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  const headers: Record<string, string> = {
    "retry-after-ms": String(retryAfterMs),
    "retry-after": String(Math.ceil(retryAfterMs / 1000)),
  };
  if (reply.shouldRetry !== undefined) headers["x-should-retry"] = String(reply.shouldRetry);
  return headers;
}

export function sendError(res: ServerResponse, reply: ErrorReply) {
  const { type, message } = reply.error;
  const requestId = res.getHeader("request-id");
  sendJson(res, reply.error.status, { type: "error", error: { type, message }, request_id: requestId ?? null }, retryHeaders(reply));
}

/** The HTTP status the API uses for an error type (for a stream error asked of a non-streamed request). */
const STATUS_OF_ERROR_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

async function playHang(res: ServerResponse, reply: HangReply, request: RecordedRequest, streamed: boolean, signal: AbortSignal) {
  if (!streamed) {
    res.writeHead(200, { "content-type": "application/json" });
    res.flushHeaders();
    return untilAborted(signal);
  }
  const plan = planMessage({ text: reply.text ?? "", chunks: 1 }, request.body);
  startEventStream(res);
  const frames = [messageStartFrame(plan), frame("ping")];
  if (reply.thinking !== undefined) {
    const [thinking] = thinkingBlocks({ thinking: reply.thinking });
    frames.push(...blockFrames(thinking, 0, true)); // stops mid-thought: no signature, no stop
  } else {
    const blocks = reply.signedThinking !== undefined ? thinkingBlocks({ thinking: reply.signedThinking }) : [];
    if (reply.text) blocks.push(plan.blocks[0]);
    const call = reply.openToolUse;
    // The text block stays open unless a tool call follows it; the call never finishes.
    blocks.forEach((block, i) => frames.push(...blockFrames(block, i, block.type === "text" && !call)));
    if (call) {
      const open: PlannedBlock = { type: "tool_use", id: call.id ?? randomId("toolu_"), name: call.name, input: {}, pieces: [call.partialJson] };
      frames.push(...blockFrames(open, blocks.length, true));
    }
  }
  await playFrames(res, frames, 0, signal);
  return untilAborted(signal);
}

async function playStreamError(res: ServerResponse, reply: StreamErrorReply, request: RecordedRequest, streamed: boolean, signal: AbortSignal, hold?: Hold) {
  const { type, message } = reply.streamError;
  if (!streamed) return sendError(res, { error: { status: STATUS_OF_ERROR_TYPE[type] ?? 500, type, message } });
  const plan = planMessage({ text: reply.afterText ?? "", chunks: reply.chunks ?? 1 }, request.body);
  startEventStream(res);
  const frames = [messageStartFrame(plan), frame("ping")];
  if (reply.afterText) frames.push(...blockFrames(plan.blocks[0], 0, true));
  frames.push(frame("error", { error: { type, message } }));
  await playFrames(res, frames, reply.delayMs ?? 0, signal, hold);
  res.end();
}

/**
 * Plays `reply` (already resolved from any function) as the answer to `request`.
 * Resolves when the response is complete, or when `signal` aborts (client gone or server closing).
 */
export async function playReply(res: ServerResponse, reply: PlainScriptedReply, request: RecordedRequest, signal: AbortSignal, hold?: Hold) {
  const cache = request.cacheUsage ?? null;
  const streamed = "stream" in reply && typeof reply.stream === "boolean" ? reply.stream : request.body?.stream === true;
  switch (replyKind(reply)) {
    case "error":
      return sendError(res, reply as ErrorReply);
    case "hang":
      return playHang(res, reply as HangReply, request, streamed, signal);
    case "streamError":
      return playStreamError(res, reply as StreamErrorReply, request, streamed, signal, hold);
    case "text":
    case "toolUses": {
      const plan = planMessage(reply as TextReply | ToolUseReply, request.body, cache);
      if (!streamed) return sendJson(res, 200, messageJson(plan));
      startEventStream(res);
      await playFrames(res, streamFrames(plan), (reply as TextReply).delayMs ?? 0, signal, hold, (reply as TextReply).onTextWritten);
      res.end();
      return;
    }
    default:
      throw new TypeError(`cannot play reply ${JSON.stringify(reply)}`);
  }
}
