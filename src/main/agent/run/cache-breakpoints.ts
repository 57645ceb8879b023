/**
 * Prompt caching: where a request's `cache_control` breakpoints go. The API caches the
 * prefix up to each breakpoint (tools, then system, then messages), so:
 *   1. the end of the system prompt (or of the tools when there is none): the stable start;
 *   2. the end of the message before the last assistant turn: the previous request's end,
 *      read back from the cache however many blocks the last turn added;
 *   3. the end of the request: written now, read by the next step.
 * A resumed run builds the same prefix from history, so it reads the same cache.
 */
import type Anthropic from "@anthropic-ai/sdk";

type MessageParam = Anthropic.MessageParam;
const EPHEMERAL = { type: "ephemeral" } as const;

export interface CacheablePrefix {
  system: string | Anthropic.TextBlockParam[] | undefined;
  tools: Anthropic.Tool[] | undefined;
  messages: MessageParam[];
}

/** The same request with breakpoints; the objects given are not changed (history's blocks are shared). */
export function withCacheBreakpoints(request: CacheablePrefix): CacheablePrefix {
  let { system, tools } = request;
  if (typeof system === "string" && system !== "") {
    system = [{ type: "text", text: system, cache_control: EPHEMERAL }];
  } else if (tools && tools.length > 0) {
    tools = [...tools.slice(0, -1), { ...tools[tools.length - 1], cache_control: EPHEMERAL }];
  }
  const messages = request.messages.slice();
  const last = messages.length - 1;
  markEnd(messages, last);
  const lastAssistant = lastIndexOfRole(messages, "assistant");
  if (lastAssistant > 0 && lastAssistant - 1 !== last) markEnd(messages, lastAssistant - 1);
  return { system, tools, messages };
}

/** Index of the last message with this role (looking back from the end: it is near it). */
function lastIndexOfRole(messages: MessageParam[], role: MessageParam["role"]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === role) return i;
  return -1;
}

/** Put a breakpoint on the last block of message `index` that can carry one. */
function markEnd(messages: MessageParam[], index: number): void {
  const message = messages[index];
  if (!message) return;
  const content: Anthropic.ContentBlockParam[] =
    typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content.slice();
  for (let i = content.length - 1; i >= 0; i--) {
    const block = content[i];
    if (block.type === "thinking" || block.type === "redacted_thinking") continue;
    if (block.type === "text" && block.text === "") continue;
    content[i] = { ...block, cache_control: EPHEMERAL } as Anthropic.ContentBlockParam;
    messages[index] = { ...message, content } as MessageParam;
    return;
  }
}
