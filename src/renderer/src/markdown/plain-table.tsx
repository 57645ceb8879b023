/**
 * A block that is one simple table (the pieces a long table is cut into, each with the table's
 * head: block-views.ts) is shown without Markdown's parser. Parsing a piece of 500 characters
 * cost about 1.5 ms, four times a paragraph of the same length, once when it settled and again
 * at every render while its last rows grew.
 *
 * "Simple": every line starts with "|", the second is the delimiter row with as many cells as
 * the first, and the cells hold words, code spans and at most one pair of "*" or "**" (an
 * emphasis); the rules for what those make are CommonMark's and GitHub's, read from the same
 * characters the parser reads. Any other character that means something inline (links, HTML,
 * references, escapes, "_", "~", bare links and addresses) sends the block to the parser, as
 * does any line the table's rules would read otherwise.
 */
import { Fragment, type ReactElement, type ReactNode } from "react";
import { inlineOf, type Inline } from "./cell-inline";
import { TableBox, alignClass } from "./markdown-options";

type Align = "left" | "right" | "center" | null;

export interface PlainTable {
  aligns: Align[];
  head: Inline[][];
  rows: Inline[][][];
}

/** Characters that start something inline this reading does not do, and bare links of GitHub's kind. */
const NOT_SIMPLE = /[\0-\x09\x0b-\x1f_~[\]<>&\\@:]|www\./i;
const DELIMITER_CELL = /^ *(:?)-+(:?) *$/;

/** The table of `source` when it is a simple one, as the parser would read it; null otherwise. */
export function plainTable(source: string): PlainTable | null {
  // Most blocks are not tables: told by their first character, before anything is copied.
  let first = 0;
  while (source[first] === "\n") first++;
  if (source[first] !== "|") return null;
  const body = source.slice(first).replace(/\n+$/, "");
  const lines = body.split("\n");
  // The delimiter row's ":" sets a column's alignment; in a cell it could start a bare link.
  if (lines.length < 2 || lines.some((line, i) => i !== 1 && NOT_SIMPLE.test(line))) return null;
  const head = cellsOf(lines[0]);
  const delimiters = cellsOf(lines[1]);
  if (!head || !delimiters || head.length !== delimiters.length) return null;
  const aligns: Align[] = [];
  for (const cell of delimiters) {
    const match = DELIMITER_CELL.exec(cell);
    if (!match) return null;
    aligns.push(match[1] && match[2] ? "center" : match[1] ? "left" : match[2] ? "right" : null);
  }
  const headCells = inlineRow(head);
  if (!headCells) return null;
  const rows: Inline[][][] = [];
  for (const line of lines.slice(2)) {
    const cells = line[0] === "|" ? cellsOf(line) : null;
    // A row's cells past the head's are dropped; the ones it lacks are empty.
    const row = cells && inlineRow(cells.slice(0, head.length));
    if (!row) return null;
    while (row.length < head.length) row.push([]);
    rows.push(row);
  }
  return { aligns, head: headCells, rows };
}

/** The cells of a row that starts with "|": a last "|" (spaces after it too) closes the row. */
function cellsOf(line: string): string[] | null {
  const cells = line.slice(1).split("|");
  if (cells.length > 1 && /^ *$/.test(cells[cells.length - 1])) cells.pop();
  if (cells.length === 1 && /^ *$/.test(cells[0])) return null;
  return cells.map((cell) => cell.replace(/^ +| +$/g, ""));
}

function inlineRow(cells: string[]): Inline[][] | null {
  const row: Inline[][] = [];
  for (const cell of cells) {
    const inline = inlineOf(cell);
    if (!inline) return null;
    row.push(inline);
  }
  return row;
}

/** One child as itself, several as a list, none as nothing: as react-markdown passes them. */
function childrenOf(list: ReactNode[]): ReactNode {
  return list.length === 0 ? undefined : list.length === 1 ? list[0] : list;
}

function inlineElements(list: Inline[]): ReactNode {
  const counts = { em: 0, strong: 0, code: 0 };
  return childrenOf(
    list.map((node) => {
      if (typeof node === "string") return node;
      const Tag = node.tag;
      return <Tag key={`${Tag}-${counts[Tag]++}`}>{inlineElements(node.children)}</Tag>;
    }),
  );
}

function cellElements(Tag: "th" | "td", cells: Inline[][], aligns: Align[]): ReactNode {
  return childrenOf(
    cells.map((cell, i) => (
      <Tag key={`${Tag}-${i}`} className={aligns[i] ? alignClass(aligns[i]) : undefined}>
        {inlineElements(cell)}
      </Tag>
    )),
  );
}

/** The elements react-markdown makes of `table` with the window's options: the same shape and keys, so a growing one is updated in place. */
export function tableElements(table: PlainTable): ReactElement {
  const head = (
    <thead key="thead-0">
      <tr key="tr-0">{cellElements("th", table.head, table.aligns)}</tr>
    </thead>
  );
  const body = table.rows.length > 0 && (
    <tbody key="tbody-0">
      {childrenOf(
        table.rows.map((row, i) => (
          <tr key={`tr-${i}`}>{cellElements("td", row, table.aligns)}</tr>
        )),
      )}
    </tbody>
  );
  return (
    <Fragment>
      <TableBox key="table-0">{body ? [head, body] : head}</TableBox>
    </Fragment>
  );
}
