/**
 * Checks for the scripted model server: that a scripted reply has a known shape (so a typo fails
 * when scripting, not mid-test), and that a Messages request is one the real API would accept.
 */
import type { ScriptedReply } from "./model-server-types";
import { describeBadThinking } from "./model-server-thinking";

export type ReplyKind = "function" | "error" | "hang" | "streamError" | "toolUses" | "text";

const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isOptional = (value: unknown, type: "string" | "number" | "boolean") =>
  value === undefined || typeof value === type;

/** The kind of a reply, checked in an order that keeps `{ hang, text }` a hang and `{ toolUses, text }` tool uses. */
export function replyKind(reply: ScriptedReply): ReplyKind | null {
  if (typeof reply === "function") return "function";
  if (!isObject(reply)) return null;
  if ("error" in reply) return "error";
  if ("hang" in reply) return "hang";
  if ("streamError" in reply) return "streamError";
  if ("toolUses" in reply) return "toolUses";
  if ("text" in reply) return "text";
  return null;
}

/** Why a reply cannot be played, or null when it can. */
export function describeInvalidReply(reply: unknown): string | null {
  const r = reply as any;
  const kind = replyKind(r);
  const delayOk = isOptional(r?.delayMs, "number") && !(r?.delayMs < 0);
  switch (kind) {
    case null:
      return "a reply needs one of: text, toolUses, error, hang, streamError, or be a function";
    case "function":
      return null;
    case "error": {
      const e = r.error;
      if (!isObject(e) || !Number.isInteger(e.status) || e.status < 400 || e.status > 599)
        return "error.status must be an integer HTTP error status (400-599)";
      if (typeof e.type !== "string" || typeof e.message !== "string") return "error.type and error.message must be strings";
      if (!isOptional(r.retryAfterMs, "number") || r.retryAfterMs <= 0) return "retryAfterMs must be a number > 0";
      return isOptional(r.shouldRetry, "boolean") ? null : "shouldRetry must be a boolean";
    }
    case "hang":
      if (r.hang !== true) return "hang must be true";
      if (!isOptional(r.text, "string") || !isOptional(r.thinking, "string") || !isOptional(r.signedThinking, "string")) return "hang text and thinking must be strings";
      if (r.openToolUse !== undefined && (!isObject(r.openToolUse) || typeof r.openToolUse.name !== "string" || typeof r.openToolUse.partialJson !== "string"))
        return "hang openToolUse needs a string name and partialJson";
      return null;
    case "streamError":
      if (!isObject(r.streamError) || typeof r.streamError.type !== "string" || typeof r.streamError.message !== "string")
        return "streamError needs string type and message";
      if (r.chunks !== undefined && !(Number.isInteger(r.chunks) && r.chunks >= 1)) return "chunks must be an integer >= 1";
      if (r.holdAfter !== undefined && !(Number.isInteger(r.holdAfter) && r.holdAfter >= 1)) return "holdAfter must be an integer >= 1";
      if (!delayOk) return "delayMs must be a number >= 0";
      return isOptional(r.afterText, "string") ? null : "afterText must be a string";
    case "toolUses":
      if (!Array.isArray(r.toolUses) || r.toolUses.length === 0) return "toolUses must be a non-empty array";
      for (const use of r.toolUses) {
        if (!isObject(use) || typeof use.name !== "string" || !isOptional(use.id, "string"))
          return "each tool use needs a string name (and an optional string id)";
        if (use.input !== undefined && JSON.stringify(use.input) === undefined) return "tool use input must be JSON";
      }
      if (!isOptional(r.text, "string") || !isOptional(r.stream, "boolean")) return "text must be a string, stream a boolean";
      return delayOk ? null : "delayMs must be a number >= 0";
    case "text":
      if (typeof r.text !== "string") return "text must be a string";
      if (r.chunks !== undefined && !(Number.isInteger(r.chunks) && r.chunks >= 1)) return "chunks must be an integer >= 1";
      if (r.holdAfter !== undefined && !(Number.isInteger(r.holdAfter) && r.holdAfter >= 1)) return "holdAfter must be an integer >= 1";
      if (r.stopReason !== undefined && r.stopReason !== "end_turn" && r.stopReason !== "max_tokens")
        return 'stopReason must be "end_turn" or "max_tokens"';
      if (!isOptional(r.stream, "boolean")) return "stream must be a boolean";
      return delayOk ? null : "delayMs must be a number >= 0";
  }
}

const blocksOf = (message: any): any[] => (Array.isArray(message?.content) ? message.content : []);
const idsOf = (blocks: any[], type: string, key: string): string[] =>
  blocks.filter((b) => b?.type === type).map((b) => String(b[key]));

/** The 400 message the real API would give this /v1/messages body, or null when it would accept it. */
export function describeInvalidRequest(body: unknown): string | null {
  if (!isObject(body)) return "request body must be a JSON object";
  if (typeof body.model !== "string" || !body.model) return "model: Field required";
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) return "max_tokens: Field required";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "messages: at least one message is required";
  const messages: any[] = body.messages;
  for (let i = 0; i < messages.length; i++) {
    const role = messages[i]?.role;
    if (role !== "user" && role !== "assistant") return `messages.${i}.role: Input should be 'user' or 'assistant'`;
    const content = messages[i].content;
    if (typeof content !== "string" && !Array.isArray(content)) return `messages.${i}.content: Field required`;
  }
  return describeBadToolPairs(messages) ?? describeBadThinkingUse(body) ?? describeTooManyBreakpoints(body);
}

function describeBadToolPairs(messages: any[]): string | null {
  for (let i = 0; i < messages.length; i++) {
    const resultIds = idsOf(blocksOf(messages[i]), "tool_result", "tool_use_id");
    if (resultIds.length > 0) {
      const previous = messages[i - 1];
      const useIds = previous?.role === "assistant" ? idsOf(blocksOf(previous), "tool_use", "id") : [];
      const unexpected = resultIds.filter((id) => !useIds.includes(id));
      if (unexpected.length > 0)
        return (
          `messages.${i}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${unexpected.join(", ")}. ` +
          "Each `tool_result` block must have a corresponding `tool_use` block in the previous message."
        );
    }
    if (messages[i].role !== "assistant") continue;
    const useIds = idsOf(blocksOf(messages[i]), "tool_use", "id");
    if (useIds.length === 0) continue;
    const next = messages[i + 1];
    const answered = next?.role === "user" ? idsOf(blocksOf(next), "tool_result", "tool_use_id") : [];
    const missing = useIds.filter((id) => !answered.includes(id));
    if (missing.length > 0)
      return (
        `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. ` +
        "Each `tool_use` block must have a corresponding `tool_result` block in the next message."
      );
  }
  return null;
}

/** Thinking blocks must come back exactly as given; with thinking on, a tool loop's last turn starts with its thinking. */
function describeBadThinkingUse(body: Record<string, any>): string | null {
  const messages: any[] = body.messages;
  for (let i = 0; i < messages.length; i++) {
    if (messages[i].role !== "assistant") continue;
    for (const [j, block] of blocksOf(messages[i]).entries()) {
      const problem = describeBadThinking(block);
      if (problem) return `messages.${i}.content.${j}: ${problem}`;
    }
  }
  const thinking = body.thinking;
  if (thinking === undefined || thinking?.type === "disabled") return null;
  if (thinking?.type !== "enabled" || !Number.isInteger(thinking.budget_tokens) || thinking.budget_tokens < 1024) return "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024";
  if (thinking.budget_tokens >= body.max_tokens) return "`max_tokens` must be greater than `thinking.budget_tokens`";
  const last = messages.length - 2;
  const turn = messages[last];
  if (turn?.role === "assistant" && idsOf(blocksOf(turn), "tool_use", "id").length > 0) {
    const first = blocksOf(turn)[0]?.type;
    if (first !== "thinking" && first !== "redacted_thinking") {
      return `messages.${last}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block.`;
    }
  }
  return null;
}

/** The API takes at most 4 cache_control breakpoints. */
function describeTooManyBreakpoints(body: Record<string, any>): string | null {
  let count = 0;
  const visit = (value: any) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isObject(value)) {
      if (value.cache_control !== undefined) count++;
      for (const [key, item] of Object.entries(value)) if (key !== "cache_control" && typeof item === "object") visit(item);
    }
  };
  visit([body.tools, body.system, body.messages]);
  return count > 4 ? `A maximum of 4 blocks with cache_control may be provided. Found ${count}.` : null;
}
