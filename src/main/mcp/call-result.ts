/**
 * An MCP tool's result as the library's tool result: text and images go to the model as
 * blocks; audio, resources and links become text (a resource's text, or its URI). Nothing
 * here is ever run: it is data for the model and the window. `isError` stays an error.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type ToolImageMediaType, type ToolResultBlock, type ToolResultValue, toolResult } from "../agent";

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
/** Results longer than this are cut (the model's context is not the place for megabytes of text). */
export const MAX_RESULT_TEXT = 200_000;

export function fromCallResult(result: CallToolResult): ToolResultValue {
  const blocks: ToolResultBlock[] = [];
  for (const item of result.content ?? []) blocks.push(blockOf(item));
  if (blocks.length === 0 && result.structuredContent !== undefined) blocks.push({ type: "text", text: JSON.stringify(result.structuredContent) });
  const text = cut(blocks.map((b) => (b.type === "text" ? b.text : `[image: ${b.source.media_type}]`)).join("\n")) || "(the tool returned no content)";
  const hasImage = blocks.some((b) => b.type === "image");
  return toolResult({ text, ...(hasImage ? { content: blocks.map((b) => (b.type === "text" ? { type: "text", text: cut(b.text) } : b)) } : {}), isError: result.isError === true });
}

function blockOf(item: CallToolResult["content"][number]): ToolResultBlock {
  switch (item.type) {
    case "text":
      return { type: "text", text: item.text };
    case "image":
      if (IMAGE_TYPES.has(item.mimeType)) return { type: "image", source: { type: "base64", media_type: item.mimeType as ToolImageMediaType, data: item.data } };
      return { type: "text", text: `[an image of type ${item.mimeType}, which cannot be shown to the model]` };
    case "audio":
      return { type: "text", text: `[an audio clip of type ${item.mimeType}, which cannot be given to the model]` };
    case "resource_link":
      return { type: "text", text: `[resource link: ${item.name}${item.description ? ` (${item.description})` : ""} <${item.uri}>]` };
    case "resource": {
      const resource = item.resource;
      if ("text" in resource && typeof resource.text === "string") return { type: "text", text: `[resource <${resource.uri}>]\n${resource.text}` };
      return { type: "text", text: `[resource <${resource.uri}>${resource.mimeType ? ` of type ${resource.mimeType}` : ""}, binary, not shown]` };
    }
    default:
      return { type: "text", text: `[content of type ${(item as { type: string }).type}]` };
  }
}

function cut(text: string): string {
  return text.length > MAX_RESULT_TEXT ? `${text.slice(0, MAX_RESULT_TEXT)}\n[… cut: the result had ${text.length} characters]` : text;
}
