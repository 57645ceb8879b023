/**
 * One Messages API request of the Anthropic provider: the context's messages, the system
 * prompt and tools, extended thinking when the State asks for it, and the prompt cache's
 * breakpoints.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { ThinkingSetting } from "../state/state";
import { withCacheBreakpoints } from "./cache-breakpoints";
import type { ProviderRequest } from "./providers/model-provider";

type MessageParam = Anthropic.MessageParam;

export function buildRequest(request: ProviderRequest): Anthropic.MessageStreamParams {
  let messages = request.messages;
  let system: string | Anthropic.TextBlockParam[] | undefined = request.system || undefined;
  let tools = request.tools.length > 0 ? (request.tools as Anthropic.Tool[]) : undefined;
  if (request.promptCaching) ({ system, tools, messages } = withCacheBreakpoints({ system, tools, messages }));
  const budget = thinkingBudget(request.thinking, messages);
  return {
    model: request.model,
    max_tokens: budget !== null && budget >= request.maxTokens ? budget + request.maxTokens : request.maxTokens,
    ...(system ? { system } : {}),
    messages,
    ...(tools ? { tools } : {}),
    ...(budget !== null ? { thinking: { type: "enabled", budget_tokens: budget } } : {}),
  };
}

/**
 * The thinking budget of this request, or null for none. Inside a tool loop the API wants
 * the last assistant turn to start with its thinking; a loop begun with thinking off (the
 * setting changed mid-loop, or the turn came from another provider) finishes without it.
 */
export function thinkingBudget(setting: ThinkingSetting, messages: MessageParam[]): number | null {
  if (!setting) return null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.role !== "assistant" || typeof message.content === "string") continue;
    const callsTools = message.content.some((b) => b.type === "tool_use");
    const first = message.content[0]?.type;
    if (callsTools && first !== "thinking" && first !== "redacted_thinking" && i === messages.length - 2) return null;
    break;
  }
  return setting.budgetTokens;
}
