/**
 * A reply while it is being written, with a caret. Its settled blocks are rendered once each;
 * at each frame only the part still growing (at most GROWING_LIMIT characters, see
 * settled-prefix.ts) is parsed again, so a long reply costs no more per frame than a short
 * one. A code block still open is shown as it comes, highlighted once it is complete.
 */
import { memo, useMemo, useRef } from "react";
import { viewOf, type BlockView } from "./block-views";
import { CodeBlock } from "./CodeBlock";
import { CodeLines } from "./CodeLines";
import { fencedCode } from "./fences";
import { blockClass, MarkdownBlock, renderMarkdown } from "./MarkdownBlock";
import { blockEnd } from "./settled-prefix";

interface Settled {
  text: string;
  length: number;
  blocks: string[];
  views: BlockView[];
}

const EMPTY: Settled = { text: "", length: 0, blocks: [], views: [] };

/** The settled blocks of `text`, continuing from `before` when `text` continues its text. */
function settle(text: string, before: Settled): Settled {
  const continues = text.length >= before.length && text.startsWith(before.text.slice(0, before.length));
  const base = continues ? before : EMPTY;
  let length = base.length;
  const blocks = [...base.blocks];
  const views = [...base.views];
  for (let end = blockEnd(text, length, false); end > length; end = blockEnd(text, length, false)) {
    const block = text.slice(length, end);
    const i = blocks.length;
    views.push(viewOf(block, i > 0 ? { block: blocks[i - 1], view: views[i - 1] } : null));
    blocks.push(block);
    length = end;
  }
  if (continues && length === before.length) return before;
  return { text: text.slice(0, length), length, blocks, views };
}

const SettledBlocks = memo(function SettledBlocks({ views }: { views: BlockView[] }) {
  return views.map((view, i) => <MarkdownBlock key={i} view={view} />);
});

function GrowingBlock({ source, previous }: { source: string; previous: { block: string; view: BlockView } | null }) {
  const fenced = fencedCode(source, false);
  if (fenced && !fenced.closed) {
    return (
      <div className="markdown__block">
        <CodeBlock lang={fenced.lang} text={fenced.code}>
          <CodeLines text={fenced.code} />
        </CodeBlock>
      </div>
    );
  }
  const view = viewOf(source, previous);
  return <div className={blockClass(view)}>{renderMarkdown(view.source)}</div>;
}

export function StreamingMarkdown({ text }: { text: string }) {
  const last = useRef<Settled>(EMPTY);
  const settled = useMemo(() => settle(text, last.current), [text]);
  last.current = settled;
  const n = settled.blocks.length;
  const previous = n > 0 ? { block: settled.blocks[n - 1], view: settled.views[n - 1] } : null;
  return (
    // The caret after the last words is drawn by the style sheet (.markdown--growing).
    <div className="markdown markdown--growing">
      <SettledBlocks views={settled.views} />
      <GrowingBlock source={text.slice(settled.length)} previous={previous} />
    </div>
  );
}
