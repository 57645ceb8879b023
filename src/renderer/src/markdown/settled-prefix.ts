/**
 * Splits a reply into blocks that are parsed and rendered on their own: while it is being
 * written, the settled blocks are rendered once each and only the part still growing is read
 * again at each frame; a finished reply is cut the same way, so the blocks rendered while it
 * streamed are the ones it is shown with.
 *
 * A block ends after an empty line, before a code fence, or after its closing fence (at least
 * as long as the opening one, of the same character). A block that reaches GROWING_LIMIT
 * characters without ending (a long list, a paragraph full of openers without closers) is cut
 * at its last line start within the limit, or its last word start: the growing part stays
 * small, so a frame's work does not grow with the reply. A table's rows cost several times what
 * the same characters of prose cost to parse and lay out, so a table is cut sooner
 * (TABLE_GROWING_LIMIT): each of its pieces is rendered with the table's head (block-views.ts).
 */
import { blankLineEnd, closingFenceEnd, fenceAt } from "./fences";

/** The most characters the growing part holds before it is cut. */
export const GROWING_LIMIT = 1_500;
/** The same for a block of table rows (a block that starts with "|"). */
export const TABLE_GROWING_LIMIT = 500;

/**
 * The end of the block that starts at `from`; -1 while it is still growing (`final`: the text
 * is complete, so its last block ends at its end). Reads at most GROWING_LIMIT characters of an
 * ordinary block (TABLE_GROWING_LIMIT of table rows); a code block is read from `fenceFrom` on
 * when that is a line start of its body (see closingFenceEnd).
 */
export function blockEnd(text: string, from: number, final: boolean, fenceFrom = 0): number {
  let start = from;
  while (text[start] === "\n") start++;
  if (start >= text.length) return final ? text.length : -1;
  const fence = fenceAt(text, start, final);
  if (fence === "unknown") return final ? text.length : -1;
  if (fence) {
    // `fenceFrom`: a line start of this fence's body up to which no line closes it.
    const closed = closingFenceEnd(text, fence, final, fenceFrom);
    return closed >= 0 ? closed : final ? text.length : -1;
  }
  const horizon = start + (text[start] === "|" ? TABLE_GROWING_LIMIT : GROWING_LIMIT);
  // Only up to the horizon is read: a long text without line breaks is not scanned to its end
  // for each of its blocks (that made cutting a 200 KB paragraph quadratic).
  const head = text.slice(0, horizon);
  for (let newline = head.indexOf("\n", start); newline >= 0; newline = head.indexOf("\n", newline + 1)) {
    const line = newline + 1;
    const blank = blankLineEnd(text, line, final);
    if (blank >= 0) return blank;
    const nextFence = fenceAt(text, line, final);
    if (nextFence && nextFence !== "unknown") return line;
  }
  if (text.length <= horizon + 1) return final ? text.length : -1;
  return cutWithin(text, start, horizon);
}

const WORD_START = /[\p{L}\p{N}]/u;

/** The last "\n" in text[from, before), or -1: nothing outside that range is read. */
function lastNewline(text: string, from: number, before: number): number {
  const at = text.slice(from, before).lastIndexOf("\n");
  return at < 0 ? -1 : from + at;
}

/** A line start in (start, horizon] to cut at, or a word start, or the horizon itself. */
function cutWithin(text: string, start: number, horizon: number): number {
  for (let newline = lastNewline(text, start, horizon); newline >= 0; newline = lastNewline(text, start, newline)) {
    const line = newline + 1;
    const first = text[line];
    if (line <= start) break;
    // Not before the block's second line (a table's delimiter row, a heading's underline),
    // an indented continuation or an underline.
    if (lastNewline(text, start, newline) < 0) continue;
    if (first === " " || first === "\t" || first === "\n" || first === "=" || (first === "-" && text[line + 1] === "-")) continue;
    return line;
  }
  for (let at = horizon; at > start + 1; at--) {
    if (text[at - 1] === " " && WORD_START.test(text[at])) return at;
  }
  return horizon;
}

/** The blocks of a finished text (from `from` on); joined, they are the text. */
export function splitBlocks(text: string, from = 0): string[] {
  const blocks: string[] = [];
  for (let at = from; at < text.length; ) {
    const end = blockEnd(text, at, true);
    blocks.push(text.slice(at, end));
    at = end;
  }
  return blocks;
}
