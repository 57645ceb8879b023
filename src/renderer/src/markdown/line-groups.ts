/** Lines of code in groups, each shown as a block of its own (see CodeLines.tsx). */

export const CODE_GROUP_LINES = 64;
/** A group of long lines ends sooner: at the first line end after this many characters. */
export const CODE_GROUP_CHARS = 8_192;

/** The end of the group of lines that starts at `at` (after its last "\n"), or -1 when `text` holds no whole group there. */
export function groupEnd(text: string, at: number): number {
  let end = at;
  for (let n = 0; n < CODE_GROUP_LINES && end - at < CODE_GROUP_CHARS; n++) {
    const newline = text.indexOf("\n", end);
    if (newline < 0) return -1;
    end = newline + 1;
  }
  return end;
}

/** `text` cut after every group of lines; joined, the groups are the text. */
export function lineGroups(text: string): string[] {
  const groups: string[] = [];
  let at = 0;
  for (let end = groupEnd(text, at); end >= 0 && end < text.length; end = groupEnd(text, at)) {
    groups.push(text.slice(at, end));
    at = end;
  }
  groups.push(text.slice(at));
  return groups;
}
