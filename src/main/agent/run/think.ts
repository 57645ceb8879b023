/**
 * think: one model request, streamed through the SDK. The reply becomes one assistant
 * entry only once it is complete: a reply cut off by an abort, an error or a kill leaves
 * nothing behind, and the next run asks again.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { AssistantEntry, ContentBlock } from "../state/history";
import { buildMessages } from "./context";
import { appendEntry } from "../state/state";
import { type RunContext, abortError } from "./run-context";

export async function think(run: RunContext): Promise<AssistantEntry> {
  const client = await run.modelClient();
  const stream = client.messages.stream(
    {
      model: run.model,
      max_tokens: run.maxTokens,
      ...(run.system ? { system: run.system } : {}),
      messages: buildMessages(run.state),
      ...(run.toolSpecs.length > 0 ? { tools: run.toolSpecs as Anthropic.Tool[] } : {}),
    },
    { signal: run.signal },
  );
  stream.on("text", (text) => run.emit({ type: "text_delta", text }));
  let message: Anthropic.Message;
  try {
    message = await stream.finalMessage();
  } catch (error) {
    if (run.signal.aborted) throw abortError(run.signal);
    throw error;
  }
  const content = keptBlocks(message.content);
  return appendEntry(run.state, {
    kind: "assistant",
    text: content.map((b) => (b.type === "text" ? b.text : "")).join(""),
    content,
    stopReason: message.stop_reason ?? null,
    model: message.model,
    usage: { inputTokens: message.usage?.input_tokens ?? 0, outputTokens: message.usage?.output_tokens ?? 0 },
  }) as AssistantEntry;
}

/** Text and tool calls; other block kinds are not part of this library's history. */
function keptBlocks(blocks: Anthropic.ContentBlock[]): ContentBlock[] {
  const out: ContentBlock[] = [];
  for (const block of blocks) {
    if (block.type === "text") out.push({ type: "text", text: block.text });
    else if (block.type === "tool_use") out.push({ type: "tool_use", id: block.id, name: block.name, input: block.input ?? {} });
  }
  return out;
}
