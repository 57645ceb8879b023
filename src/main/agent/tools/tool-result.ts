/**
 * A tool result richer than one text: content blocks (text and images, as the Messages API
 * takes them in a tool_result) and whether the result is an error. A tool returns
 * `toolResult({ text, content, isError })` instead of a plain value:
 *
 *   return toolResult({ text: "A chart", content: [{ type: "image", source: { type: "base64", media_type: "image/png", data } }] });
 *
 * `text` is what the entry's text says (shown and searched); `content`, when given, is what
 * the model receives. `isError` closes the call with status "error".
 */

// The blocks are history's data (a tool_result entry keeps them), so they are defined there.
import type { ToolResultBlock } from "../state/history";
export type { ToolImageMediaType, ToolResultBlock } from "../state/history";

/** Shared by every copy of this module, so a marker made by one copy is recognised by another. */
const MARK = Symbol.for("alpine.agent.toolResult");

export interface ToolResultOptions {
  text: string;
  content?: readonly ToolResultBlock[];
  isError?: boolean;
}

export interface ToolResultValue {
  readonly [MARK]: true;
  readonly text: string;
  readonly content?: readonly ToolResultBlock[];
  readonly isError: boolean;
}

const IMAGE_TYPES = new Set<string>(["image/png", "image/jpeg", "image/gif", "image/webp"]);

export function toolResult({ text, content, isError }: ToolResultOptions): ToolResultValue {
  if (typeof text !== "string") throw new TypeError("toolResult needs a text: a string.");
  if (content !== undefined) {
    if (!Array.isArray(content)) throw new TypeError("toolResult content must be a list of blocks.");
    for (const block of content) checkBlock(block);
  }
  return Object.freeze({ [MARK]: true as const, text, ...(content ? { content: content.map((b) => ({ ...b })) } : {}), isError: isError === true });
}

export function isToolResult(value: unknown): value is ToolResultValue {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARK] === true;
}

function checkBlock(block: ToolResultBlock): void {
  if (block?.type === "text" && typeof block.text === "string") return;
  if (block?.type === "image" && block.source?.type === "base64" && IMAGE_TYPES.has(block.source.media_type) && typeof block.source.data === "string") return;
  throw new TypeError(`toolResult content blocks are text ({ type: "text", text }) or base64 images of ${[...IMAGE_TYPES].join(", ")}.`);
}
