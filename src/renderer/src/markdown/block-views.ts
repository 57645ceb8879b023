/**
 * What each block of a reply is rendered from. A block cut out of a long table (see
 * settled-prefix.ts) is rendered with the table's head in front, so its rows stay a table;
 * the repeated head is hidden.
 */

export interface BlockView {
  /** The Markdown the block is rendered from. */
  source: string;
  /** Part of the table above it: its repeated head is not shown. */
  continuesTable: boolean;
}

const DELIMITER_ROW = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/** The head (header and delimiter rows) of the table `source` starts with, if it starts with one. */
export function tableHead(source: string): string | null {
  const lines = source.replace(/^\n+/, "").split("\n", 3);
  if (lines.length < 2 || !lines[0].includes("|") || !DELIMITER_ROW.test(lines[1])) return null;
  return `${lines[0]}\n${lines[1]}\n`;
}

/** The view of `block`, the one after `previous` (the view of the block before it, if any). */
export function viewOf(block: string, previous: { block: string; view: BlockView } | null): BlockView {
  if (previous && !/\n[ \t]*\n$/.test(previous.block) && !block.startsWith("\n") && block.trimStart().startsWith("|")) {
    const head = tableHead(previous.view.source);
    if (head) return { source: head + block, continuesTable: true };
  }
  return { source: block, continuesTable: false };
}

/** The views of a finished text's blocks, those of `before` (the blocks above them, and their views) first. */
export function viewsOf(blocks: string[], before: { blocks: string[]; views: BlockView[] } = { blocks: [], views: [] }): BlockView[] {
  const all = [...before.blocks];
  const views = [...before.views];
  for (const block of blocks) {
    const i = all.length;
    views.push(viewOf(block, i > 0 ? { block: all[i - 1], view: views[i - 1] } : null));
    all.push(block);
  }
  return views;
}
