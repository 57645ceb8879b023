/**
 * A text in Markdown, rendered as React elements (never as raw HTML), cut into blocks that are
 * each rendered on their own and kept (MarkdownBlock), in groups the browser skips off screen
 * (block-groups.ts).
 *
 * While a reply is being written (`text` is a StreamedText) its settled blocks are rendered once
 * each; at each frame only the part still growing (at most GROWING_LIMIT characters, see
 * settled-prefix.ts) is parsed again, so a long reply costs no more per frame than a short one,
 * and blocks that settled meanwhile are taken in a few KB per frame (settled-blocks.ts). The
 * reply comes in pieces (streamed-text.ts): a frame reads only the words after the settled
 * blocks. A code block still open is shown as it comes, highlighted once it is complete.
 *
 * When the same component is then given the finished text (the saved reply took over the
 * streamed reply's row, see reply-rows.ts), the blocks it streamed stay in the page as they are:
 * nothing is parsed, made or laid out again. A finished text shown afresh shows its last blocks
 * at once (where the person is when a reply ends) and the blocks above them in a deferred
 * render, which React does in slices between frames.
 *
 * A reply that ended without being saved here (`leaving`) is hidden by its row and its blocks
 * are removed a few per frame, so its thousands of elements do not make one long frame.
 */
import { memo, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { BlockGroups } from "./BlockGroups";
import type { BlockView } from "./block-views";
import { CodeBlock } from "./CodeBlock";
import { CodeGroups } from "./CodeLines";
import { blockClass, renderMarkdown } from "./MarkdownBlock";
import { finishedViews, growingPart, NOTHING_SETTLED, settle, type GrowingPart, type Settled } from "./settled-blocks";
import { openCodeText } from "./open-code";
import type { StreamedText } from "../lib/streamed-text";

/** About how many characters of a long text are shown in its first render, from its end. */
export const FIRST_RENDER_CHARS = 12_000;

/** How many blocks of a reply that ended unsaved are taken down per frame. */
export const BLOCKS_REMOVED_PER_FRAME = 64;

/** The first block of the text's last FIRST_RENDER_CHARS characters (0: the whole text). */
function firstShownBlock(views: BlockView[]): number {
  let chars = 0;
  for (let i = views.length - 1; i > 0; i--) {
    chars += views[i].source.length;
    if (chars >= FIRST_RENDER_CHARS) return i;
  }
  return 0;
}

function GrowingBlock({ part }: { part: NonNullable<GrowingPart> }) {
  if ("code" in part) {
    const open = part.code;
    return (
      <div className="markdown__block" dir="auto">
        <CodeBlock lang={open.lang} text={() => openCodeText(open)}>
          <CodeGroups groups={[...open.groups, open.last]} />
        </CodeBlock>
      </div>
    );
  }
  return (
    <div className={blockClass(part.view)} dir="auto">
      {renderMarkdown(part.view.source)}
    </div>
  );
}

interface MarkdownProps {
  /** A finished text, or a reply still being written. */
  text: string | StreamedText;
  /** The reply ended unsaved and is hidden: its blocks are removed a few per frame, then `onGone`. */
  leaving?: boolean;
  onGone?(): void;
}

export const Markdown = memo(function Markdown({ text, leaving = false, onGone }: MarkdownProps) {
  const streamed = typeof text === "string" ? null : text;
  const streaming = streamed !== null;
  const last = useRef<Settled>(NOTHING_SETTLED);
  // Settled blocks left for the next frame are taken in then, whether words come or not.
  const [frame, nextFrame] = useReducer((n: number) => n + 1, 0);
  const settled = useMemo(() => (streamed ? settle(streamed, last.current) : last.current), [streamed, frame]);
  last.current = settled;
  const finished = useMemo(() => (typeof text === "string" ? finishedViews(text, last.current) : null), [text]);
  const all = finished ?? settled.views;

  // A finished text shown afresh: its end first. A reply that streamed here is in the page already.
  const mounted = useRef(false);
  const deferFrom = !mounted.current && finished && settled === NOTHING_SETTLED ? firstShownBlock(finished) : 0;
  mounted.current = true;
  const from = Math.min(useDeferredValue(0, deferFrom), all.length);

  const kept = useKeptBlocks(all.length, leaving, onGone);
  useEffect(() => {
    if (!streaming || !settled.behind || leaving) return;
    const id = requestAnimationFrame(nextFrame);
    return () => cancelAnimationFrame(id);
  }, [streaming, settled, leaving]);
  const growing = streaming && !leaving ? growingPart(settled) : null;
  const views = useMemo(() => {
    const end = Math.min(kept, all.length);
    return from > 0 || end < all.length ? all.slice(from, end) : all;
  }, [all, from, kept]);
  return (
    // The caret after the last words is drawn by the style sheet (.markdown--growing); busy until the blocks above the first ones shown are in the page too.
    <div className={streaming ? "markdown markdown--growing" : "markdown"} aria-busy={from > 0 || undefined}>
      <BlockGroups views={views} from={from} />
      {growing && <GrowingBlock part={growing} />}
    </div>
  );
});

/** How many blocks stay in the page: all but while leaving, fewer at each frame then, and `onGone` when none is left. */
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
