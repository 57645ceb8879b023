/**
 * Block Markdown: paragraphs, headings, fenced code, lists (nested by indentation),
 * block quotes, tables and rules. Written for model replies, which may arrive half
 * finished while streaming: an unclosed code fence is still a code block.
 */
import type { Block, TableAlign } from "./markdown-ast";
import { parseInline } from "./parse-inline";

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])( +|$)(.*)$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").split("\n"));
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1];
      const indent = line.length - line.trimStart().length;
      const body: string[] = [];
      let j = i + 1;
      let closed = false;
      for (; j < lines.length; j++) {
        const candidate = lines[j].trim();
        if (candidate.startsWith(marker[0].repeat(marker.length)) && /^[`~]+$/.test(candidate)) {
          closed = true;
          break;
        }
        body.push(lines[j].replace(new RegExp(`^ {0,${indent}}`), ""));
      }
      blocks.push({ type: "code", lang: fence[2] ?? "", text: body.join("\n"), closed });
      i = closed ? j + 1 : j;
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1].length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: "heading", level, inlines: parseInline(heading[2] ?? "") });
      i++;
      continue;
    }

    if (RULE.test(line)) {
      blocks.push({ type: "rule" });
      i++;
      continue;
    }

    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && lines[i].trim() && (QUOTE.test(lines[i]) || !startsBlock(lines[i]))) {
        inner.push(lines[i].replace(QUOTE, ""));
        i++;
      }
      blocks.push({ type: "quote", blocks: parseBlocks(inner) });
      continue;
    }

    if (LIST_ITEM.test(line)) {
      i = parseList(lines, i, blocks);
      continue;
    }

    if (line.includes("|") && i + 1 < lines.length && TABLE_DIVIDER.test(lines[i + 1]) && lines[i + 1].includes("-")) {
      i = parseTable(lines, i, blocks);
      continue;
    }

    const paragraph: string[] = [];
    while (i < lines.length && lines[i].trim() && (paragraph.length === 0 || !startsBlock(lines[i]))) {
      paragraph.push(lines[i].trim());
      i++;
    }
    blocks.push({ type: "paragraph", inlines: parseInline(paragraph.join("\n")) });
  }
  return blocks;
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || LIST_ITEM.test(line);
}

function parseList(lines: string[], start: number, blocks: Block[]): number {
  const first = LIST_ITEM.exec(lines[start])!;
  const baseIndent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const items: Block[][] = [];
  let i = start;
  while (i < lines.length) {
    const item = LIST_ITEM.exec(lines[i]);
    if (!item || item[1].length !== baseIndent || /\d/.test(item[2]) !== ordered) break;
    const contentIndent = baseIndent + item[2].length + Math.max(1, item[3].length);
    const body = [item[4]];
    i++;
    while (i < lines.length) {
      const next = lines[i];
      if (!next.trim()) {
        // A blank line ends the item unless the item goes on, indented, after it.
        const following = lines[i + 1];
        if (following !== undefined && following.trim() && indentOf(following) >= contentIndent - 1 && indentOf(following) > baseIndent) {
          body.push("");
          i++;
          continue;
        }
        break;
      }
      const indent = indentOf(next);
      if (indent > baseIndent) {
        body.push(next.slice(Math.min(indent, contentIndent)));
        i++;
        continue;
      }
      // A line that is not indented carries the item's paragraph on, unless it starts a block.
      if (!startsBlock(next) && !LIST_ITEM.test(next)) {
        body.push(next.trim());
        i++;
        continue;
      }
      break;
    }
    items.push(parseBlocks(body));
    // Blank lines between items of the same list do not end the list.
    let k = i;
    while (k < lines.length && !lines[k].trim()) k++;
    const again = k < lines.length ? LIST_ITEM.exec(lines[k]) : null;
    if (again && again[1].length === baseIndent && /\d/.test(again[2]) === ordered) i = k;
  }
  blocks.push({ type: "list", ordered, start: ordered ? parseInt(first[2], 10) : 1, items });
  return i;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|") && !row.endsWith("\\|")) row = row.slice(0, -1);
  const cells: string[] = [];
  let cell = "";
  for (let i = 0; i < row.length; i++) {
    if (row[i] === "\\" && row[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (row[i] === "|") {
      cells.push(cell.trim());
      cell = "";
    } else cell += row[i];
  }
  cells.push(cell.trim());
  return cells;
}

function parseTable(lines: string[], start: number, blocks: Block[]): number {
  const head = splitRow(lines[start]);
  const align: TableAlign[] = splitRow(lines[start + 1]).map((cell) => {
    const left = cell.startsWith(":");
    const right = cell.endsWith(":");
    return left && right ? "center" : right ? "right" : left ? "left" : null;
  });
  const rows: string[][] = [];
  let i = start + 2;
  while (i < lines.length && lines[i].trim() && lines[i].includes("|")) {
    rows.push(splitRow(lines[i]));
    i++;
  }
  const width = head.length;
  const fit = (cells: string[]) => Array.from({ length: width }, (_, c) => parseInline(cells[c] ?? ""));
  blocks.push({ type: "table", align: align.slice(0, width), head: fit(head), rows: rows.map(fit) });
  return i;
}
