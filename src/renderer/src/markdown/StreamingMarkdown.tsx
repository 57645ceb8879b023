/**
 * A reply while it is being written, with a caret. Its settled blocks are rendered once each;
 * at each frame only the part still growing (at most GROWING_LIMIT characters, see
 * settled-prefix.ts) is parsed again, so a long reply costs no more per frame than a short
 * one, and blocks that settled meanwhile are taken in a few KB per frame (settled-blocks.ts).
 * The reply comes in pieces (streamed-text.ts): a frame reads only the words after the settled
 * blocks, never the whole reply. A code block still open is shown as it comes, in groups of
 * lines of which only the last one changes, highlighted once it is complete.
 */
import { memo, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { BlockView } from "./block-views";
import { CodeBlock } from "./CodeBlock";
import { CodeGroups } from "./CodeLines";
import { blockClass, MarkdownBlock, renderMarkdown } from "./MarkdownBlock";
import { growingPart, NOTHING_SETTLED, settle, type GrowingPart, type Settled } from "./settled-blocks";
import { openCodeText } from "./open-code";
import type { StreamedText } from "../lib/streamed-text";

const SettledBlocks = memo(function SettledBlocks({ views }: { views: BlockView[] }) {
  return views.map((view, i) => <MarkdownBlock key={i} view={view} />);
});

function GrowingBlock({ part }: { part: NonNullable<GrowingPart> }) {
  if ("code" in part) {
    const open = part.code;
    return (
      <div className="markdown__block">
        <CodeBlock lang={open.lang} text={() => openCodeText(open)}>
          <CodeGroups groups={[...open.groups, open.last]} />
        </CodeBlock>
      </div>
    );
  }
  return <div className={blockClass(part.view)}>{renderMarkdown(part.view.source)}</div>;
}

/** How many blocks of a reply that ended are taken down per frame (see StreamingReply.tsx). */
export const BLOCKS_REMOVED_PER_FRAME = 64;

interface StreamingMarkdownProps {
  text: StreamedText;
  /** The reply has ended and is hidden: its blocks are removed a few per frame, then `onGone`. */
  leaving?: boolean;
  onGone?(): void;
}

export function StreamingMarkdown({ text, leaving = false, onGone }: StreamingMarkdownProps) {
  const last = useRef<Settled>(NOTHING_SETTLED);
  // Settled blocks left for the next frame are taken in then, whether words come or not.
  const [frame, nextFrame] = useReducer((n: number) => n + 1, 0);
  const settled = useMemo(() => settle(text, last.current), [text, frame]);
  last.current = settled;
  const kept = useKeptBlocks(settled.views.length, leaving, onGone);
  useEffect(() => {
    if (!settled.behind || leaving) return;
    const id = requestAnimationFrame(nextFrame);
    return () => cancelAnimationFrame(id);
  }, [settled, leaving]);
  const growing = leaving ? null : growingPart(settled);
  const views = useMemo(() => (kept < settled.views.length ? settled.views.slice(0, kept) : settled.views), [settled.views, kept]);
  return (
    // The caret after the last words is drawn by the style sheet (.markdown--growing).
    <div className="markdown markdown--growing">
      <SettledBlocks views={views} />
      {growing && <GrowingBlock part={growing} />}
    </div>
  );
}

/** How many blocks stay in the page: all while the reply streams; fewer at each frame once it has ended, then `onGone`. */
function useKeptBlocks(count: number, leaving: boolean, onGone: (() => void) | undefined): number {
  const [kept, setKept] = useState(Number.POSITIVE_INFINITY);
  if (!leaving && kept !== Number.POSITIVE_INFINITY) setKept(Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (!leaving) return;
    const id = requestAnimationFrame(() => {
      if (Math.min(kept, count) === 0) onGone?.();
      else setKept(Math.max(0, Math.min(kept, count) - BLOCKS_REMOVED_PER_FRAME));
    });
    return () => cancelAnimationFrame(id);
  }, [leaving, kept, count, onGone]);
  return kept;
}
