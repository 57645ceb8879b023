/**
 * Splits a reply still being written into the part that is settled (whole blocks, ended by
 * an empty line outside any code fence) and the part still growing. While a reply streams,
 * only the growing part is parsed and rendered again at each frame; the settled part
 * changes only when another block is complete.
 */

const FENCE_LINE = /^ {0,3}(```|~~~)/gm;

/** The code fences of `text` as [start, end) spans; a fence still open runs to the end. */
function fenceSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let open = -1;
  for (const match of text.matchAll(FENCE_LINE)) {
    if (open < 0) open = match.index;
    else {
      spans.push([open, match.index + match[0].length]);
      open = -1;
    }
  }
  if (open >= 0) spans.push([open, text.length]);
  return spans;
}

/** The length of the settled part: up to (and with) the last empty line outside a fence; 0 if none. */
export function settledLength(text: string): number {
  const spans = fenceSpans(text);
  let end = text.lastIndexOf("\n\n");
  for (let s = spans.length - 1; end > 0; ) {
    while (s >= 0 && spans[s][0] > end) s--;
    if (s < 0 || spans[s][1] <= end) return end + 2;
    // Inside a fence: look before it.
    end = text.lastIndexOf("\n\n", spans[s][0] - 1);
  }
  return 0;
}
