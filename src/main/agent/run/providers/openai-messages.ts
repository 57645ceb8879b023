/**
 * A request's context, as the history keeps it (Messages API blocks), translated for Chat
 * Completions: the system prompt as a system message; tool calls as `tool_calls` and their
 * results (the `(unknown: …)` and `(aborted: …)` ones too) as `tool` messages right after;
 * images as data URLs; thinking left out (it is the other service's, kept in the history).
 * A block these models cannot take (a PDF) is refused before anything is sent.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { RAW_ARGUMENTS } from "../entry-blocks";
import { UnsupportedAttachmentError } from "./provider-errors";

type ChatMessage = OpenAI.Chat.ChatCompletionMessageParam;
type UserPart = OpenAI.Chat.ChatCompletionContentPart;

/**
 * The translation of a context so far, kept by its first message: the next request of the
 * same context translates only what was added, so a step's work does not grow with the history.
 */
interface Translation {
  sources: Anthropic.MessageParam[];
  out: ChatMessage[];
  /** `out`'s length after each source message. */
  ends: number[];
}
const translations = new WeakMap<Anthropic.MessageParam, Translation>();

export function chatMessages(system: string, messages: Anthropic.MessageParam[], model: string): ChatMessage[] {
  const translation = messages.length > 0 ? translationOf(messages, model) : [];
  return system ? ([{ role: "system", content: system }] as ChatMessage[]).concat(translation) : translation.slice();
}

function translationOf(messages: Anthropic.MessageParam[], model: string): ChatMessage[] {
  let kept = translations.get(messages[0]);
  if (!kept) translations.set(messages[0], (kept = { sources: [], out: [], ends: [] }));
  // A context changes only at its end (the message builder adds complete messages and never
  // changes one; it starts a new context, with a new first message, instead): what changed
  // since the last request is found looking back from the end, in a step that does not grow
  // with the history. It (the pending message, a turn taking a stopped one's place) is translated again.
  let same = Math.min(kept.sources.length, messages.length);
  while (same > 0 && kept.sources[same - 1] !== messages[same - 1]) same--;
  kept.sources.length = same;
  kept.ends.length = same;
  kept.out.length = same === 0 ? 0 : kept.ends[same - 1];
  for (let i = same; i < messages.length; i++) {
    const message = messages[i];
    const chat = message.role === "assistant" ? assistantMessages(message.content) : userMessages(message.content, model);
    for (const m of chat) kept.out.push(m);
    kept.sources.push(message);
    kept.ends.push(kept.out.length);
  }
  return kept.out;
}

function assistantMessages(content: Anthropic.MessageParam["content"]): ChatMessage[] {
  if (typeof content === "string") return [{ role: "assistant", content }];
  let text = "";
  const calls: OpenAI.Chat.ChatCompletionMessageToolCall[] = [];
  for (const block of content) {
    if (block.type === "text") text += block.text;
    else if (block.type === "tool_use") calls.push({ id: block.id, type: "function", function: { name: block.name, arguments: argumentsText(block.input) } });
    // thinking and redacted_thinking: Anthropic's, sent only to Anthropic
  }
  return [{ role: "assistant", content: text === "" && calls.length > 0 ? null : text, ...(calls.length > 0 ? { tool_calls: calls } : {}) }];
}

/** A call's arguments as the model wrote them: kept as text when they were not a JSON object. */
function argumentsText(input: unknown): string {
  const raw = input && typeof input === "object" ? (input as Record<symbol, unknown>)[RAW_ARGUMENTS] : undefined;
  return typeof raw === "string" ? raw : JSON.stringify(input ?? {});
}

/** Results first, as `tool` messages (the API wants them right after the calls), then what the person sent. */
function userMessages(content: Anthropic.MessageParam["content"], model: string): ChatMessage[] {
  if (typeof content === "string") return [{ role: "user", content }];
  const out: ChatMessage[] = [];
  const parts: UserPart[] = [];
  for (const block of content) {
    if (block.type === "tool_result") {
      const { text, images } = resultParts(block.content);
      out.push({ role: "tool", tool_call_id: block.tool_use_id, content: text });
      // A tool message carries text only: a result's images follow as the person's.
      if (images.length > 0) parts.push({ type: "text", text: `(images of the result of call ${block.tool_use_id})` }, ...images);
    } else if (block.type === "text") {
      if (block.text !== "") parts.push({ type: "text", text: block.text });
    } else if (block.type === "image") parts.push(imagePart(block.source));
    else if (block.type === "document") throw new UnsupportedAttachmentError(block.title ?? "document", model, "PDF document");
  }
  if (parts.length > 0) out.push({ role: "user", content: parts });
  return out;
}

function resultParts(content: Anthropic.ToolResultBlockParam["content"]): { text: string; images: UserPart[] } {
  if (content === undefined) return { text: "", images: [] };
  if (typeof content === "string") return { text: content, images: [] };
  const texts: string[] = [];
  const images: UserPart[] = [];
  for (const block of content) {
    if (block.type === "text") texts.push(block.text);
    else if (block.type === "image") images.push(imagePart(block.source));
  }
  return { text: texts.join("\n"), images };
}

function imagePart(source: Anthropic.ImageBlockParam["source"]): UserPart {
  const url = source.type === "base64" ? `data:${source.media_type};base64,${source.data}` : source.type === "url" ? source.url : "";
  return { type: "image_url", image_url: { url } };
}

/** The Agent's tools as Chat Completions functions. */
export function chatTools(tools: { name: string; description?: string; input_schema: unknown }[]): OpenAI.Chat.ChatCompletionTool[] {
  return tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description ?? "", parameters: t.input_schema as Record<string, unknown> } }));
}
