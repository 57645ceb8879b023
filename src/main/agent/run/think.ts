/**
 * think: one model request, streamed through the run's model provider. The reply becomes
 * one assistant entry once it is complete. A reply cut off by an error or a kill leaves
 * nothing behind, and the next run asks again. A reply cut off by an abort (the caller
 * stopped the run on purpose) keeps what had streamed, as an entry marked `partial`.
 */
import type { AssistantEntry } from "../state/history";
import { appendEntry } from "../state/state";
import { messageBuilderOf } from "./message-builder";
import type { ProviderReply, ProviderRequest } from "./providers/model-provider";
import { type RunContext, abortError } from "./run-context";

export async function think(run: RunContext): Promise<AssistantEntry> {
  const provider = run.provider;
  const stream = await provider.stream(await thinkRequest(run), {
    signal: run.signal,
    onText: (text) => run.emit({ type: "text_delta", text }),
    onThinking: (text) => run.emit({ type: "thinking_delta", text }),
  });
  let reply: ProviderReply;
  try {
    reply = await stream.final();
  } catch (error) {
    if (run.signal.aborted) {
      const cut = stream.partial(); // null when no text had arrived: nothing is kept
      if (cut) appendReply(run, { ...cut, stopReason: null }, true);
      throw abortError(run.signal);
    }
    throw error;
  }
  return appendReply(run, reply, false);
}

/** The request of a think step: the context (attachments read), the Agent's system prompt and tools. */
async function thinkRequest(run: RunContext): Promise<ProviderRequest> {
  const builder = messageBuilderOf(run.state);
  await builder.resolveAttachments(run.resolveAttachment);
  return {
    model: run.model,
    system: run.system,
    maxTokens: run.maxTokens,
    tools: run.toolSpecs,
    messages: builder.requestMessages(),
    thinking: run.state.thinking,
    promptCaching: run.promptCaching,
  };
}

/** A reply, whole or cut off, as the run's assistant entry. */
function appendReply(run: RunContext, reply: ProviderReply, partial: boolean): AssistantEntry {
  const { content, model, usage, stopReason, thinkingMs } = reply;
  return appendEntry(run.state, {
    kind: "assistant",
    text: content.map((b) => (b.type === "text" ? b.text : "")).join(""),
    content,
    stopReason,
    model,
    usage,
    ...(thinkingMs !== null ? { thinkingMs } : {}),
    ...(partial ? { partial: true as const } : {}),
  }) as AssistantEntry;
}
