/**
 * Plays one scripted reply in the wire format of Chat Completions, streamed: `data:` lines of
 * chat.completion.chunk objects, the usage chunk last (choices empty), then `data: [DONE]`.
 * Tool calls come in fragments (id and name first, the arguments in pieces) and, when a turn
 * has several, interleaved by index, as some servers send them. Thinking is streamed as
 * `reasoning_content`, as Ollama, OpenRouter and DeepSeek do.
 */
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { ErrorReply, HangReply, PlainScriptedReply, RecordedRequest, StreamErrorReply, TextReply, ToolUseReply } from "./model-server-types";
import { estimateTokens, retryHeaders, sendJson, splitIntoPieces } from "./model-server-replies";
import { replyKind } from "./model-server-validate";
import type { Hold } from "./model-server-holds";

const randomId = (prefix: string) => prefix + randomBytes(9).toString("base64url").replace(/[^A-Za-z0-9]/g, "x");

/** The chunks' deltas in order; the usage chunk and [DONE] are added when played. */
type Delta = Record<string, unknown>;

function chunkOf(id: string, model: string, delta: Delta | null, finish: string | null = null): unknown {
  return { id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model, choices: delta === null ? [] : [{ index: 0, delta, finish_reason: finish, logprobs: null }] };
}

/** Deltas of a reply: thinking, text, then the calls' fragments (interleaved when there are several). */
function plannedDeltas(reply: TextReply | ToolUseReply): { deltas: Delta[]; textDeltas: number; finish: string } {
  const deltas: Delta[] = [{ role: "assistant", content: "" }];
  if (reply.thinking) for (const piece of splitIntoPieces(reply.thinking, 3)) deltas.push({ reasoning_content: piece });
  const text = reply.text ?? "";
  const pieces = text === "" ? [] : splitIntoPieces(text, "chunks" in reply && reply.chunks ? reply.chunks : 3);
  for (const piece of pieces) deltas.push({ content: piece });
  if (!("toolUses" in reply)) return { deltas, textDeltas: pieces.length, finish: reply.stopReason === "max_tokens" ? "length" : "stop" };
  const fragments = reply.toolUses.map((use, index) => {
    const args = use.rawArguments ?? JSON.stringify(use.input ?? {});
    const head = { index, id: use.id ?? randomId("call_"), type: "function", function: { name: use.name, arguments: "" } };
    return [head, ...splitIntoPieces(args, 3).map((piece) => ({ index, function: { arguments: piece } }))];
  });
  for (let round = 0; fragments.some((f) => f.length > round); round++) {
    for (const calls of fragments) if (calls[round]) deltas.push({ tool_calls: [calls[round]] });
  }
  return { deltas, textDeltas: pieces.length, finish: "tool_calls" };
}

function startStream(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.flushHeaders();
}

const write = (res: ServerResponse, value: unknown) => res.write(`data: ${typeof value === "string" ? value : JSON.stringify(value)}\n\n`);

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));
}

/** Write the deltas `delayMs` apart, stopping at a hold (after that many text deltas) until released. */
async function playDeltas(res: ServerResponse, id: string, model: string, deltas: Delta[], delayMs: number, signal: AbortSignal, hold?: Hold): Promise<void> {
  let textDeltas = 0;
  for (const delta of deltas) {
    if (signal.aborted || res.destroyed) return;
    if (delayMs > 0) await sleep(delayMs);
    if (hold && "content" in delta && delta.content !== "" && textDeltas++ === hold.afterDeltas) await Promise.race([hold.released, untilAborted(signal)]);
    if (signal.aborted || res.destroyed) return;
    write(res, chunkOf(id, model, delta));
  }
}

export function sendChatError(res: ServerResponse, reply: ErrorReply): void {
  sendJson(res, reply.error.status, { error: { message: reply.error.message, type: reply.error.type, code: null, param: null } }, retryHeaders(reply));
}

async function playHang(res: ServerResponse, reply: HangReply, id: string, model: string, signal: AbortSignal): Promise<void> {
  startStream(res);
  const deltas: Delta[] = [{ role: "assistant", content: "" }];
  if (reply.thinking) deltas.push({ reasoning_content: reply.thinking });
  if (reply.text) deltas.push({ content: reply.text });
  if (reply.openToolUse) deltas.push({ tool_calls: [{ index: 0, id: reply.openToolUse.id ?? randomId("call_"), type: "function", function: { name: reply.openToolUse.name, arguments: reply.openToolUse.partialJson } }] });
  await playDeltas(res, id, model, deltas, 0, signal);
  return untilAborted(signal);
}

async function playStreamError(res: ServerResponse, reply: StreamErrorReply, id: string, model: string, signal: AbortSignal, hold?: Hold): Promise<void> {
  startStream(res);
  const deltas: Delta[] = [{ role: "assistant", content: "" }];
  if (reply.afterText) for (const piece of splitIntoPieces(reply.afterText, reply.chunks ?? 1)) deltas.push({ content: piece });
  await playDeltas(res, id, model, deltas, reply.delayMs ?? 0, signal, hold);
  if (signal.aborted || res.destroyed) return;
  write(res, { error: { message: reply.streamError.message, type: reply.streamError.type, code: null } });
  res.end();
}

/** Plays `reply` as the answer to `request`; resolves when done or when `signal` aborts. */
export async function playChatReply(res: ServerResponse, reply: PlainScriptedReply, request: RecordedRequest, signal: AbortSignal, hold?: Hold): Promise<void> {
  const id = randomId("chatcmpl-");
  const model = String(request.body?.model ?? "unknown-model");
  switch (replyKind(reply)) {
    case "error":
      return sendChatError(res, reply as ErrorReply);
    case "hang":
      return playHang(res, reply as HangReply, id, model, signal);
    case "streamError":
      return playStreamError(res, reply as StreamErrorReply, id, model, signal, hold);
    case "text":
    case "toolUses": {
      const { deltas, finish } = plannedDeltas(reply as TextReply | ToolUseReply);
      startStream(res);
      await playDeltas(res, id, model, deltas, (reply as TextReply).delayMs ?? 0, signal, hold);
      if (signal.aborted || res.destroyed) return;
      write(res, chunkOf(id, model, {}, finish));
      const completion = estimateTokens(deltas);
      write(res, { ...(chunkOf(id, model, null) as object), usage: { prompt_tokens: estimateTokens(request.body?.messages), completion_tokens: completion, total_tokens: completion + estimateTokens(request.body?.messages) } });
      write(res, "[DONE]");
      res.end();
      return;
    }
    default:
      throw new TypeError(`cannot play reply ${JSON.stringify(reply)}`);
  }
}
