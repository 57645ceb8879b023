/**
 * What had streamed of a reply when its run was aborted. A person who presses Stop has
 * read those words: they are kept, and the model sees them as its own cut-off turn. Only
 * what the Messages API takes back is kept: text as far as it got, thinking blocks once
 * signed (unsigned thinking cannot be sent back), redacted thinking (always whole). Tool
 * calls are dropped, finished or not: none of them ran, and a call cannot be sent without
 * a result. A reply with no text yet is not kept at all.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { ContentBlock } from "../state/history";
import { historyBlocks } from "./entry-blocks";

export interface PartialReply {
  content: ContentBlock[];
  model: string;
  usage: Anthropic.Usage;
}

/** The blocks of a cut-off message that can be kept and sent back; null without any text. */
export function keptOfPartial(message: Anthropic.Message): PartialReply | null {
  const content = historyBlocks(message.content, true);
  if (!content.some((b) => b.type === "text")) return null;
  return { content, model: message.model, usage: message.usage };
}
