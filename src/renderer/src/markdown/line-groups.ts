/** Lines of code in groups, each shown as a block of its own (see CodeLines.tsx). */

export const CODE_GROUP_LINES = 64;

/** `text` cut after every CODE_GROUP_LINES-th line; joined, the groups are the text. */
export function lineGroups(text: string): string[] {
  const groups: string[] = [];
  let at = 0;
  for (;;) {
    let end = at;
    for (let n = 0; n < CODE_GROUP_LINES; n++) {
      const newline = text.indexOf("\n", end);
      if (newline < 0) {
        end = -1;
        break;
      }
      end = newline + 1;
    }
    if (end < 0 || end >= text.length) break;
    groups.push(text.slice(at, end));
    at = end;
  }
  groups.push(text.slice(at));
  return groups;
}
