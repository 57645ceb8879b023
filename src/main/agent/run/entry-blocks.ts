/**
 * The Messages API blocks of single history entries, both ways: a reply's blocks as the
 * history keeps them, an assistant turn's blocks as the API takes them back (thinking first,
 * exactly as the model gave them), and the blocks of a person's attachments.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { AssistantEntry, AttachmentRef, ContentBlock } from "../state/history";

export type UserBlock = Anthropic.TextBlockParam | Anthropic.ToolResultBlockParam | Anthropic.ImageBlockParam | Anthropic.DocumentBlockParam;

/**
 * A reply's blocks as the history keeps them: text, tool calls, thinking with its signature,
 * redacted thinking; other kinds are not part of this library's history. Of a reply cut off
 * (`cutOff`), only what the API takes back: text that got somewhere, signed thinking (unsigned
 * cannot be sent back), redacted thinking (always whole), and no tool call (none ran, and a
 * call cannot be sent without a result).
 */
export function historyBlocks(blocks: Anthropic.ContentBlock[], cutOff = false): ContentBlock[] {
  const out: ContentBlock[] = [];
  for (const block of blocks) {
    if (block.type === "text") {
      if (!cutOff || block.text !== "") out.push({ type: "text", text: block.text });
    } else if (block.type === "tool_use") {
      if (!cutOff) out.push({ type: "tool_use", id: block.id, name: block.name, input: block.input ?? {} });
    } else if (block.type === "thinking") {
      if (!cutOff || block.signature) out.push({ type: "thinking", thinking: block.thinking, signature: block.signature });
    } else if (block.type === "redacted_thinking") {
      out.push({ type: "redacted_thinking", data: block.data });
    }
  }
  return out;
}

/** An assistant turn as the API takes it back: thinking and redacted thinking unchanged, with their signatures. */
export function assistantBlocks(entry: AssistantEntry): Anthropic.ContentBlockParam[] {
  const blocks: Anthropic.ContentBlockParam[] = [];
  for (const block of entry.content) {
    switch (block.type) {
      case "thinking":
        blocks.push({ type: "thinking", thinking: block.thinking, signature: block.signature });
        break;
      case "redacted_thinking":
        blocks.push({ type: "redacted_thinking", data: block.data });
        break;
      case "text":
        if (block.text !== "") blocks.push({ type: "text", text: block.text });
        break;
      case "tool_use":
        blocks.push({ type: "tool_use", id: block.id, name: block.name, input: toolInput(block.input) });
        break;
    }
  }
  return blocks;
}

/** Where a call's arguments that were not a JSON object are kept on the `{}` the Messages API is sent instead (JSON leaves symbols out). */
export const RAW_ARGUMENTS = Symbol("raw arguments");

/** A call's input as the API takes it: an object. Arguments another model wrote that were not JSON stay as text beside it. */
function toolInput(input: unknown): Record<string, unknown> {
  if (typeof input !== "string") return input as Record<string, unknown>;
  const empty: Record<string | symbol, unknown> = {};
  Object.defineProperty(empty, RAW_ARGUMENTS, { value: input, enumerable: false });
  return empty as Record<string, unknown>;
}

/** Whether an assistant turn's blocks would be only thinking (nothing the API could answer to). */
export function hasAnswerBlocks(blocks: Anthropic.ContentBlockParam[]): boolean {
  return blocks.some((b) => b.type === "text" || b.type === "tool_use");
}

/** A block whose bytes are filled in once resolved (`fill`), so building stays synchronous. */
export interface UnresolvedAttachment {
  ref: AttachmentRef;
  fill(bytes: Uint8Array): void;
}

/** The block an attachment becomes, empty until its bytes are resolved. */
export function attachmentBlock(ref: AttachmentRef): { block: UserBlock; pending: UnresolvedAttachment } {
  if (ref.kind === "image") {
    const source = { type: "base64" as const, media_type: ref.mediaType as Anthropic.Base64ImageSource["media_type"], data: "" };
    return { block: { type: "image", source }, pending: { ref, fill: (bytes) => (source.data = toBase64(bytes)) } };
  }
  if (ref.kind === "pdf") {
    const source = { type: "base64" as const, media_type: "application/pdf" as const, data: "" };
    return { block: { type: "document", source, title: ref.name }, pending: { ref, fill: (bytes) => (source.data = toBase64(bytes)) } };
  }
  const block: Anthropic.TextBlockParam = { type: "text", text: "" };
  const fill = (bytes: Uint8Array) => (block.text = `File ${ref.name}:\n\n${new TextDecoder().decode(bytes)}`);
  return { block, pending: { ref, fill } };
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/** Rough characters an attachment adds to a request (four per token), for the compaction estimate. */
export function attachmentChars(ref: AttachmentRef): number {
  if (ref.kind === "image") return 1_600 * 4; // the API scales images to about 1,600 tokens at most
  if (ref.kind === "pdf") return Math.ceil(ref.size / 2);
  return ref.size;
}
