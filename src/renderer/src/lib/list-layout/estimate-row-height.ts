/**
 * A guess of a conversation row's height before it has been in the page, from its kind and
 * the length of its text. Only the space kept for rows out of view depends on it; a row
 * is measured as soon as it is shown, so a close guess only means less correcting.
 */
import type { DisplayItem } from "../../store/display-items";

/** The gap below each row (`.conversation__row` padding). */
const ROW_GAP_PX = 14;
const LINE_PX = 22.4;
/** About how many characters fill a line of the column (760 px of 14 px text). */
const CHARS_PER_LINE = 100;
/** A person's bubble is narrower: at most 85% of the column, less its padding. */
const BUBBLE_CHARS_PER_LINE = 80;

/** The lines `text` takes up, each of its lines wrapped at `perLine` characters. */
export function wrappedLines(text: string, perLine: number): number {
  // Counted in place: a 200 KB reply is not cut into thousands of strings for a guess.
  let count = 0;
  for (let at = 0; ; ) {
    const newline = text.indexOf("\n", at);
    const end = newline < 0 ? text.length : newline;
    count += Math.max(1, Math.ceil((end - at) / perLine));
    if (newline < 0) return count;
    at = newline + 1;
  }
}

const PARAGRAPH_BREAK = /\n\s*\n/g;

/** Markdown: its lines, plus the margin of each paragraph (an empty line ends one). Also the guess of a reply's blocks not yet on screen (BlockGroups.tsx). */
export function markdownHeight(text: string): number {
  let breaks = 0;
  PARAGRAPH_BREAK.lastIndex = 0;
  while (PARAGRAPH_BREAK.exec(text)) breaks++;
  return wrappedLines(text.trim(), CHARS_PER_LINE) * LINE_PX + breaks * 0.75 * 14;
}

export function estimateRowHeight(item: DisplayItem): number {
  switch (item.kind) {
    case "user":
      return ROW_GAP_PX + 18 + wrappedLines(item.text, BUBBLE_CHARS_PER_LINE) * LINE_PX + (item.answersCallId ? 20 : 0) + (item.attachments.length ? 64 : 0);
    case "thinking":
      return ROW_GAP_PX + 24;
    case "usage":
      return 18;
    case "assistant":
      return ROW_GAP_PX + markdownHeight(item.text);
    case "finish":
      return ROW_GAP_PX + 26 + markdownHeight(item.answer);
    case "ask":
      return ROW_GAP_PX + 48 + markdownHeight(item.question);
    case "tool":
      return ROW_GAP_PX + 44;
    case "notice":
    case "error":
      return ROW_GAP_PX + 26 + wrappedLines(item.text, CHARS_PER_LINE) * LINE_PX;
    case "compaction":
      return ROW_GAP_PX + 26;
  }
}
