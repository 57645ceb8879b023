/**
 * A finished text in Markdown, rendered as React elements (never as raw HTML). It is cut into
 * the same blocks it was streamed in, each rendered on its own and kept, so the reply that just
 * finished streaming is shown without being parsed again.
 *
 * A long text shows its last blocks at once (where the person is when a reply ends) and the
 * blocks above them in a deferred render, which React does in slices between frames: putting
 * a 200 KB reply in the page never holds the window.
 */
import { memo, useDeferredValue, useMemo } from "react";
import { viewsOf, type BlockView } from "./block-views";
import { MarkdownBlock } from "./MarkdownBlock";
import { splitBlocks } from "./settled-prefix";

/** About how many characters of a long text are shown in its first render, from its end. */
export const FIRST_RENDER_CHARS = 12_000;

/** The first block of the text's last FIRST_RENDER_CHARS characters (0: the whole text). */
function firstShownBlock(views: BlockView[]): number {
  let chars = 0;
  for (let i = views.length - 1; i > 0; i--) {
    chars += views[i].source.length;
    if (chars >= FIRST_RENDER_CHARS) return i;
  }
  return 0;
}

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const views = useMemo(() => viewsOf(splitBlocks(text)), [text]);
  const from = Math.min(useDeferredValue(0, firstShownBlock(views)), views.length);
  const shown = from > 0 ? views.slice(from) : views;
  return (
    // Busy until the blocks above the first ones shown are in the page too.
    <div className="markdown" aria-busy={from > 0 || undefined}>
      {shown.map((view, i) => (
        <MarkdownBlock key={from + i} view={view} />
      ))}
    </div>
  );
});
