/**
 * The settled blocks of a reply being written, taken further at each frame from where the
 * last frame left them (see settled-prefix.ts for where blocks end).
 *
 * A frame reads only the reply's text after its settled blocks, at most about READ_WINDOW
 * characters of it, from the pieces it lies in (streamed-text.ts): never the whole reply, so
 * a frame's work does not grow with the reply. A code block still open is followed from its
 * growing group of lines on (open-code.ts), a window at a time when more has come.
 *
 * A frame makes at most about SETTLE_BUDGET characters of newly settled blocks into elements
 * (always at least one block, once read): when the window fell behind (a busy machine, a hidden
 * window, a burst of words), the blocks that came meanwhile are taken in over the next frames,
 * not all in one long frame. Until they are, the part still growing is not shown (an open code
 * block is: what has been read of it so far).
 */
import { textSlice, type StreamedText } from "../lib/streamed-text";
import { viewOf, viewsOf, type BlockView } from "./block-views";
import { fenceAt, fenceLang, type Fence } from "./fences";
import { followOpenCode, openCode, READ_WINDOW, type OpenCode } from "./open-code";
import { blockEnd, splitBlocks } from "./settled-prefix";

/**
 * About the most characters of newly settled blocks one frame parses and lays out: a frame that
 * took in 3,000 characters of a table's pieces used 46-62 ms of CPU, with 1,500 35-50 ms (the
 * longest task of a 200 KB table streamed, four of each interleaved); words arrive far slower.
 */
export const SETTLE_BUDGET = 1_500;

export interface Settled {
  /** The reply these blocks are of (StreamedText.id): a later text with that id continues them. */
  textId: number;
  /** How much of the reply the settled blocks hold. */
  length: number;
  blocks: string[];
  views: BlockView[];
  /** How much of the reply has been read. */
  read: number;
  /** Settled blocks or words are still waiting for a frame: the part still growing is not shown yet (but an open code block). */
  behind: boolean;
  /** The part still growing, when it is not an open code block. */
  growing: string;
  /** The part still growing is a code block not yet closed. */
  openCode: OpenCode | null;
}

export const NOTHING_SETTLED: Settled = { textId: -1, length: 0, blocks: [], views: [], read: 0, behind: false, growing: "", openCode: null };

/** The blocks settled so far in a frame, copied only when the frame adds one. */
class TakenBlocks {
  blocks: string[];
  views: BlockView[];
  private copied = false;

  constructor(readonly base: Settled) {
    this.blocks = base.blocks;
    this.views = base.views;
  }

  get length(): number {
    return this.base.length + this.added;
  }

  private added = 0;

  take(block: string): void {
    if (!this.copied) [this.blocks, this.views, this.copied] = [[...this.blocks], [...this.views], true];
    const i = this.blocks.length;
    this.views.push(viewOf(block, i > 0 ? { block: this.blocks[i - 1], view: this.views[i - 1] } : null));
    this.blocks.push(block);
    this.added += block.length;
  }

  /** The next block, ending at `end`, would take this frame over its budget (the first block is always taken). */
  over(end: number, budget: number): boolean {
    return this.added > 0 && end - this.base.length > budget;
  }

  result(rest: Pick<Settled, "read" | "behind" | "growing" | "openCode">): Settled {
    return { textId: this.base.textId, length: this.length, blocks: this.blocks, views: this.views, ...rest };
  }
}

/** The settled blocks of `text`, continuing from `before` when `text` continues its reply. */
export function settle(text: StreamedText, before: Settled, budget = SETTLE_BUDGET): Settled {
  const continues = text.id === before.textId && text.length >= before.read;
  if (continues && text.length === before.read && !before.behind) return before;
  const taken = new TakenBlocks(continues ? before : { ...NOTHING_SETTLED, textId: text.id });
  let open = taken.base.openCode;
  for (;;) {
    if (open) {
      const step = followOpenCode(text, open);
      if (step.closedAt < 0) return taken.result({ read: step.read, behind: step.read < text.length, growing: "", openCode: step.open });
      if (taken.over(step.closedAt, budget)) return taken.result({ read: taken.length, behind: true, growing: "", openCode: open });
      taken.take(textSlice(text, taken.length, step.closedAt));
      open = null;
    }
    const found = settleOrdinary(text, taken, budget);
    if (!("lang" in found)) return taken.result(found);
    open = found;
  }
}

/**
 * Ordinary blocks from `taken.length` on, read in a window of the reply; stops at the budget,
 * at the part still growing, or at a code block still open (returned, to be followed).
 */
function settleOrdinary(text: StreamedText, taken: TakenBlocks, budget: number): OpenCode | Pick<Settled, "read" | "behind" | "growing" | "openCode"> {
  const start = taken.length;
  let read = Math.min(text.length, start + READ_WINDOW);
  let seen = textSlice(text, start, read);
  for (;;) {
    const at = taken.length - start;
    // A window holds what one frame may settle and the growing part after it; start a new one past half of it.
    if (at > READ_WINDOW / 2 && read < text.length) return settleOrdinary(text, taken, budget);
    const end = blockEnd(seen, at, false);
    if (end < 0) {
      const code = openCodeAt(seen, at);
      if (code) return openCode(code.lang, code.fence, start + code.fence.bodyStart);
      if (read < text.length) {
        // One line longer than the window (or a long run of empty lines): read on to the end.
        read = text.length;
        seen = textSlice(text, start, read);
        continue;
      }
      return { read, behind: false, growing: seen.slice(at), openCode: null };
    }
    if (taken.over(start + end, budget)) return { read: taken.length, behind: true, growing: "", openCode: null };
    taken.take(seen.slice(at, end));
  }
}

/** The code block still open that starts at `from` (after empty lines), if one does (blockEnd found no end there). */
function openCodeAt(text: string, from: number): { lang: string; fence: Fence } | null {
  let start = from;
  while (text[start] === "\n") start++;
  const fence = start < text.length ? fenceAt(text, start, false) : null;
  if (!fence || fence === "unknown") return null;
  return { lang: fenceLang(text, start, fence), fence };
}

/** What the part still growing is shown as: an open code block, the Markdown of its words, or nothing (yet). */
export type GrowingPart = { code: OpenCode } | { view: BlockView } | null;

export function growingPart(settled: Settled): GrowingPart {
  if (settled.openCode) return { code: settled.openCode };
  if (settled.behind || !settled.growing) return null;
  const n = settled.blocks.length;
  return { view: viewOf(settled.growing, n > 0 ? { block: settled.blocks[n - 1], view: settled.views[n - 1] } : null) };
}

/**
 * The views of `text`, finished, cut as `streamed` (its settled blocks while it was written) cut
 * it as far as `text` begins with them, as splitBlocks cuts it after that: the views taken from
 * `streamed` are the same objects, so the blocks rendered while the reply streamed stay as they are.
 */
export function finishedViews(text: string, streamed: Settled): BlockView[] {
  let at = 0;
  let kept = 0;
  while (kept < streamed.blocks.length && text.startsWith(streamed.blocks[kept], at)) at += streamed.blocks[kept++].length;
  return viewsOf(splitBlocks(text, at), { blocks: streamed.blocks.slice(0, kept), views: streamed.views.slice(0, kept) });
}
