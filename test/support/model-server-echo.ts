/**
 * A reply that repeats the text of the last user message: the CLI's `--echo` fallback,
 * for demos and end-to-end tests that need an answer to any prompt.
 */
import type { RecordedRequest, ReplyFunction } from "./model-server-types";

/** The text of the last user message: its string content, or its text blocks joined (tool results' text as a last resort). */
export function lastUserText(body: any): string {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const last = [...messages].reverse().find((m) => m?.role === "user");
  if (!last) return "";
  if (typeof last.content === "string") return last.content;
  const blocks: any[] = Array.isArray(last.content) ? last.content : [];
  const texts = blocks.filter((b) => b?.type === "text").map((b) => String(b.text));
  if (texts.length > 0) return texts.join("\n");
  const results = blocks.filter((b) => b?.type === "tool_result");
  return results
    .flatMap((b) => (typeof b.content === "string" ? [b.content] : Array.isArray(b.content) ? b.content.filter((c: any) => c?.type === "text").map((c: any) => String(c.text)) : []))
    .join("\n");
}

/** Echoes the last user message text, streamed in several chunks, `delayMs` apart. */
export function echoReply(delayMs = 0): ReplyFunction {
  return (request: RecordedRequest) => {
    const text = lastUserText(request.body) || "(nothing to echo)";
    return { text, chunks: Math.min(8, Math.max(1, Math.ceil(text.length / 4))), delayMs };
  };
}
