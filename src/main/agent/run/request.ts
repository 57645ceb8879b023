/**
 * One model request of a think step: the context's messages (built incrementally, with
 * the attachments' bytes), the Agent's system prompt and tools, extended thinking when the
 * State asks for it, and the prompt cache's breakpoints.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { ThinkingSetting } from "../state/state";
import { withCacheBreakpoints } from "./cache-breakpoints";
import { messageBuilderOf } from "./message-builder";
import type { RunContext } from "./run-context";

type MessageParam = Anthropic.MessageParam;

export async function buildRequest(run: RunContext): Promise<Anthropic.MessageStreamParams> {
  const builder = messageBuilderOf(run.state);
  await builder.resolveAttachments(run.resolveAttachment);
  let messages = builder.requestMessages();
  let system: string | Anthropic.TextBlockParam[] | undefined = run.system || undefined;
  let tools = run.toolSpecs.length > 0 ? (run.toolSpecs as Anthropic.Tool[]) : undefined;
  if (run.promptCaching) ({ system, tools, messages } = withCacheBreakpoints({ system, tools, messages }));
  const budget = thinkingBudget(run.state.thinking, messages);
  return {
    model: run.model,
    max_tokens: budget !== null && budget >= run.maxTokens ? budget + run.maxTokens : run.maxTokens,
    ...(system ? { system } : {}),
    messages,
    ...(tools ? { tools } : {}),
    ...(budget !== null ? { thinking: { type: "enabled", budget_tokens: budget } } : {}),
  };
}

/**
 * The thinking budget of this request, or null for none. Inside a tool loop the API wants
 * the last assistant turn to start with its thinking; a loop begun with thinking off (the
 * setting changed mid-loop) finishes without it.
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
