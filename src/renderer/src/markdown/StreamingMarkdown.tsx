/**
 * A reply while it is being written, with a caret. Its settled blocks are parsed and
 * rendered once each; at each frame only the block still growing is parsed again, so a
 * long reply costs no more per frame than a short one.
 */
import { useMemo } from "react";
import { parseMarkdown } from "./parse-markdown";
import { settledLength } from "./settled-prefix";
import { MarkdownBlocks } from "./Markdown";

export function StreamingMarkdown({ text }: { text: string }) {
  const split = settledLength(text);
  const settled = text.slice(0, split);
  const settledBlocks = useMemo(() => parseMarkdown(settled), [settled]);
  const growingBlocks = useMemo(() => parseMarkdown(text.slice(split)), [text, split]);
  return (
    <div className="markdown">
      <MarkdownBlocks blocks={settledBlocks} />
      <MarkdownBlocks blocks={growingBlocks} caret />
    </div>
  );
}
