/**
 * The settled blocks of a reply being written, taken further at each frame from where the
 * last frame left them (see settled-prefix.ts for where blocks end).
 *
 * A frame makes at most about SETTLE_BUDGET characters of newly settled blocks into elements
 * (always at least one block): when the window fell behind (a busy machine, a hidden window,
 * a burst of words), the blocks that came meanwhile are taken in over the next frames, not all
 * in one long frame. Until they are, the part still growing is not shown.
 *
 * A code block still open is read only from its last line on at each frame: the lines before it
 * are known not to close it.
 */
import { viewOf, type BlockView } from "./block-views";
import { fenceAt, fenceLang } from "./fences";
import { blockEnd } from "./settled-prefix";

/** About the most characters of newly settled blocks one frame parses (a table's 3,000 cost ~12 ms). */
export const SETTLE_BUDGET = 3_000;

export interface Settled {
  /** The settled text: a later text continues these blocks when it starts with it. */
  text: string;
  length: number;
  blocks: string[];
  views: BlockView[];
  /** Settled blocks are still waiting for a frame: the part still growing is not to be shown yet. */
  behind: boolean;
  /** The part still growing is a code block not yet closed: its language, and where its code starts. */
  openCode: { lang: string; codeStart: number } | null;
  /** A line start of that code block up to which no line closes it (0: none known). */
  fenceFrom: number;
}

export const NOTHING_SETTLED: Settled = { text: "", length: 0, blocks: [], views: [], behind: false, openCode: null, fenceFrom: 0 };

/** The settled blocks of `text`, continuing from `before` when `text` continues its text. */
export function settle(text: string, before: Settled, budget = SETTLE_BUDGET): Settled {
  const continues = text.length >= before.length && text.startsWith(before.text);
  const base = continues ? before : NOTHING_SETTLED;
  let length = base.length;
  let fenceFrom = base.fenceFrom;
  let blocks = base.blocks;
  let views = base.views;
  let behind = false;
  for (let end = blockEnd(text, length, false, fenceFrom); end > length; end = blockEnd(text, length, false, fenceFrom)) {
    if (length > base.length && end - base.length > budget) {
      behind = true;
      break;
    }
    if (blocks === base.blocks) [blocks, views] = [[...blocks], [...views]];
    const block = text.slice(length, end);
    const i = blocks.length;
    views.push(viewOf(block, i > 0 ? { block: blocks[i - 1], view: views[i - 1] } : null));
    blocks.push(block);
    length = end;
    fenceFrom = 0;
  }
  const openCode = behind ? null : openCodeAt(text, length);
  // The growing code block's lines up to the last one (which may still grow) do not close it.
  if (openCode) fenceFrom = text.lastIndexOf("\n") + 1;
  if (continues && length === before.length && behind === before.behind && fenceFrom === before.fenceFrom) return before;
  return { text: length === base.length ? base.text : text.slice(0, length), length, blocks, views, behind, openCode, fenceFrom };
}

/** The code block still open that starts at `from` (after empty lines), if one does (blockEnd found no end there). */
function openCodeAt(text: string, from: number): Settled["openCode"] {
  let start = from;
  while (text[start] === "\n") start++;
  const fence = start < text.length ? fenceAt(text, start, false) : null;
  if (!fence || fence === "unknown") return null;
  return { lang: fenceLang(text, start, fence), codeStart: fence.bodyStart };
}
