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
import { TableBox } from "./markdown-options";

type Align = "left" | "right" | "center" | null;
type Inline = string | { tag: "em" | "strong" | "code"; children: Inline[] };

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
  const body = source.replace(/^\n+/, "").replace(/\n+$/, "");
  if (body[0] !== "|") return null;
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

/** A cell's code spans, words, and its one emphasis if its "*" make one; null when it has more than that. */
function inlineOf(cell: string): Inline[] | null {
  const spans = codeSpans(cell);
  const runs = starRuns(cell, spans);
  if (runs.length > 2) return null;
  if (runs.length === 2) {
    const [open, close] = runs;
    // Runs of other lengths can make an emphasis inside a strong one, or leave "*" over.
    if (open.length !== close.length || open.length > 2) return null;
    if (canOpen(cell, open) && canClose(cell, close)) {
      const emphasis: Inline = { tag: open.length === 1 ? "em" : "strong", children: pieces(cell, spans, open.end, close.start) };
      return [...pieces(cell, spans, 0, open.start), emphasis, ...pieces(cell, spans, close.end, cell.length)].reduce(merged, []);
    }
  }
  return pieces(cell, spans, 0, cell.length).reduce(merged, []);
}

interface Span {
  start: number;
  end: number;
  /** For a code span, what it shows. */
  code?: string;
  length: number;
}

/** Code spans, left to right: a run of backticks up to the next run of the same length; a run with none is words. */
function codeSpans(text: string): Span[] {
  const spans: Span[] = [];
  const run = /`+/g;
  for (let found = run.exec(text); found; found = run.exec(text)) {
    const opener = found[0].length;
    const after = found.index + opener;
    const closer = new RegExp(`(?<!\`)\`{${opener}}(?!\`)`, "g");
    closer.lastIndex = after;
    const close = closer.exec(text);
    if (!close) continue;
    let code = text.slice(after, close.index);
    if (code.length > 2 && code[0] === " " && code[code.length - 1] === " " && /[^ ]/.test(code)) code = code.slice(1, -1);
    spans.push({ start: found.index, end: close.index + opener, code, length: opener });
    run.lastIndex = close.index + opener;
  }
  return spans;
}

/** The runs of "*" outside code spans. */
function starRuns(text: string, spans: Span[]): Span[] {
  const runs: Span[] = [];
  for (const found of text.matchAll(/\*+/g)) {
    const start = found.index;
    if (!spans.some((span) => start >= span.start && start < span.end)) runs.push({ start, end: start + found[0].length, length: found[0].length });
  }
  return runs;
}

/** As the parser classes a character next to a run (by its UTF-16 unit; a cell's edge is whitespace). */
function kindAt(text: string, at: number): "space" | "punctuation" | "other" {
  if (at < 0 || at >= text.length) return "space";
  const unit = String.fromCharCode(text.charCodeAt(at));
  if (/\s/.test(unit)) return "space";
  return /\p{P}|\p{S}/u.test(unit) ? "punctuation" : "other";
}

function canOpen(text: string, run: Span): boolean {
  const after = kindAt(text, run.end);
  return after !== "space" && (after === "other" || kindAt(text, run.start - 1) !== "other");
}

function canClose(text: string, run: Span): boolean {
  const before = kindAt(text, run.start - 1);
  return before !== "space" && (before === "other" || kindAt(text, run.end) !== "other");
}

/** text[from, to) as words and code spans (a code span lies wholly inside or outside it). */
function pieces(text: string, spans: Span[], from: number, to: number): Inline[] {
  const out: Inline[] = [];
  let at = from;
  for (const span of spans) {
    if (span.start < from || span.end > to) continue;
    if (span.start > at) out.push(text.slice(at, span.start));
    out.push({ tag: "code", children: span.code ? [span.code] : [] });
    at = span.end;
  }
  if (at < to) out.push(text.slice(at, to));
  return out;
}

/** Neighbouring words are one text, as the parser gives them. */
function merged(list: Inline[], next: Inline): Inline[] {
  const last = list.length - 1;
  if (typeof next === "string" && typeof list[last] === "string") list[last] += next;
  else list.push(next);
  return list;
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
    cells.map((cell, i) => {
      const align = aligns[i];
      return align ? (
        <Tag key={`${Tag}-${i}`} className={`markdown__align-${align}`}>
          {inlineElements(cell)}
        </Tag>
      ) : (
        <Tag key={`${Tag}-${i}`}>{inlineElements(cell)}</Tag>
      );
    }),
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
