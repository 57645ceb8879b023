/**
 * A finished text in Markdown, rendered as React elements (never as raw HTML). It is cut into
 * the same blocks it was streamed in, each rendered on its own and kept, so the reply that just
 * finished streaming is shown without being parsed again.
 */
import { memo, useMemo } from "react";
import { viewsOf } from "./block-views";
import { MarkdownBlock } from "./MarkdownBlock";
import { splitBlocks } from "./settled-prefix";

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const views = useMemo(() => viewsOf(splitBlocks(text)), [text]);
  return (
    <div className="markdown">
      {views.map((view, i) => (
        <MarkdownBlock key={i} view={view} />
      ))}
    </div>
  );
});
