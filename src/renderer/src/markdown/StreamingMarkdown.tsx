/**
 * A reply while it is being written, with a caret. Its settled blocks are rendered once each;
 * at each frame only the part still growing (at most GROWING_LIMIT characters, see
 * settled-prefix.ts) is parsed again, so a long reply costs no more per frame than a short
 * one, and blocks that settled meanwhile are taken in a few KB per frame (settled-blocks.ts).
 * A code block still open is shown as it comes, highlighted once it is complete.
 */
import { memo, useEffect, useMemo, useReducer, useRef } from "react";
import type { BlockView } from "./block-views";
import { viewOf } from "./block-views";
import { CodeBlock } from "./CodeBlock";
import { CodeLines } from "./CodeLines";
import { blockClass, MarkdownBlock, renderMarkdown } from "./MarkdownBlock";
import { NOTHING_SETTLED, settle, type Settled } from "./settled-blocks";

const SettledBlocks = memo(function SettledBlocks({ views }: { views: BlockView[] }) {
  return views.map((view, i) => <MarkdownBlock key={i} view={view} />);
});

function GrowingBlock({ text, settled }: { text: string; settled: Settled }) {
  if (settled.openCode) {
    const code = text.slice(settled.openCode.codeStart);
    return (
      <div className="markdown__block">
        <CodeBlock lang={settled.openCode.lang} text={code}>
          <CodeLines text={code} />
        </CodeBlock>
      </div>
    );
  }
  const n = settled.blocks.length;
  const view = viewOf(text.slice(settled.length), n > 0 ? { block: settled.blocks[n - 1], view: settled.views[n - 1] } : null);
  return <div className={blockClass(view)}>{renderMarkdown(view.source)}</div>;
}

export function StreamingMarkdown({ text }: { text: string }) {
  const last = useRef<Settled>(NOTHING_SETTLED);
  // Settled blocks left for the next frame are taken in then, whether words come or not.
  const [frame, nextFrame] = useReducer((n: number) => n + 1, 0);
  const settled = useMemo(() => settle(text, last.current), [text, frame]);
  last.current = settled;
  useEffect(() => {
    if (!settled.behind) return;
    const id = requestAnimationFrame(nextFrame);
    return () => cancelAnimationFrame(id);
  }, [settled]);
  return (
    // The caret after the last words is drawn by the style sheet (.markdown--growing).
    <div className="markdown markdown--growing">
      <SettledBlocks views={settled.views} />
      {!settled.behind && settled.length < text.length && <GrowingBlock text={text} settled={settled} />}
    </div>
  );
}
