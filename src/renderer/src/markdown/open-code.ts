/**
 * A code block still being written (its closing fence has not come), followed frame by frame.
 * A 200 KB reply may be one code block: its lines are kept in finished groups (line-groups.ts)
 * that are never read again, and a frame reads only the group still growing and the words
 * after it, both to look for the closing fence and to show the code.
 */
import type { StreamedText } from "../lib/streamed-text";
import { textSlice } from "../lib/streamed-text";
import { closingFenceEnd, type Fence } from "./fences";
import { groupEnd } from "./line-groups";

/** About the most characters a frame reads of a reply (more only to reach the end of one long line). */
export const READ_WINDOW = 16_384;

export interface OpenCode {
  lang: string;
  fence: Pick<Fence, "char" | "length">;
  /** The code's finished groups of lines, in order: never read again. */
  groups: string[];
  /** Where the group still growing starts in the reply, and its text so far. */
  groupStart: number;
  last: string;
  /** A line start in the reply up to which no line of the code closes the fence. */
  fenceFrom: number;
}

/** What a frame found: where the block ends (after its closing fence), or -1 and the code so far. */
export interface OpenCodeStep {
  closedAt: number;
  open: OpenCode;
  /** How far the reply has been read: less than its length when there was more than a frame reads. */
  read: number;
}

/** A code block whose fence opens at the line before `bodyStart` and is not closed yet. */
export function openCode(lang: string, fence: Fence, bodyStart: number): OpenCode {
  return { lang, fence: { char: fence.char, length: fence.length }, groups: [], groupStart: bodyStart, last: "", fenceFrom: bodyStart };
}

/** The block followed on in `text`, reading from its growing group on. */
export function followOpenCode(text: StreamedText, open: OpenCode): OpenCodeStep {
  const from = open.fenceFrom - open.groupStart;
  const fence = { ...open.fence, bodyStart: 0 };
  let read = Math.min(text.length, open.groupStart + READ_WINDOW);
  let seen = textSlice(text, open.groupStart, read);
  // One line longer than a frame's window: read on to where it ends (or the words end).
  if (read < text.length && seen.indexOf("\n", from) < 0) {
    read = text.length;
    seen = textSlice(text, open.groupStart, read);
  }
  const closed = closingFenceEnd(seen, fence, false, from);
  if (closed >= 0) return { closedAt: open.groupStart + closed, open, read };
  let groups = open.groups;
  let start = 0;
  for (let end = groupEnd(seen, start); end >= 0 && end < seen.length; end = groupEnd(seen, start)) {
    if (groups === open.groups) groups = [...groups];
    groups.push(seen.slice(start, end));
    start = end;
  }
  // Every whole line read was looked at: the next frame looks from the last line's start on.
  const lastLine = Math.max(from, seen.lastIndexOf("\n") + 1);
  const next = { ...open, groups, groupStart: open.groupStart + start, last: seen.slice(start), fenceFrom: open.groupStart + lastLine };
  return { closedAt: -1, open: next, read };
}

/** The code written so far, whole (for a copy). */
export function openCodeText(open: OpenCode): string {
  return open.groups.join("") + open.last;
}
