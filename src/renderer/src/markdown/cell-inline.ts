/**
 * What one cell of a simple table shows (plain-table.tsx): its words, its code spans, and the
 * emphasis its "*" make when there is one pair of them, read by CommonMark's rules: a code span
 * runs from a run of backticks to the next run of the same length; a run of "*" opens or closes
 * by the characters beside it, classed as the parser classes them (by UTF-16 unit, a cell's
 * edge as whitespace). A cell with more than that is left to the parser (null).
 */

/** A cell's contents: words, or an element holding more of them. */
export type Inline = string | { tag: "em" | "strong" | "code"; children: Inline[] };

/** A cell's code spans, words, and its one emphasis if its "*" make one; null when it has more than that. */
export function inlineOf(cell: string): Inline[] | null {
  const spans = codeSpans(cell);
  const runs = starRuns(cell, spans);
  if (runs.length > 2) return null;
  if (runs.length === 2) {
    const [open, close] = runs;
    const length = open.end - open.start;
    // Runs of other lengths can make an emphasis inside a strong one, or leave "*" over.
    if (close.end - close.start !== length || length > 2) return null;
    if (canOpen(cell, open) && canClose(cell, close)) {
      const emphasis: Inline = { tag: length === 1 ? "em" : "strong", children: pieces(cell, spans, open.end, close.start) };
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
}

/** Code spans, left to right: a run of backticks up to the next run of the same length; a run with none is words. */
function codeSpans(text: string): Span[] {
  const spans: Span[] = [];
  const run = /`+/g;
  for (let found = run.exec(text); found; found = run.exec(text)) {
    const opener = found[0].length;
    const after = found.index + opener;
    const close = closingRun(text, after, opener);
    if (close < 0) continue;
    let code = text.slice(after, close);
    if (code.length > 2 && code[0] === " " && code[code.length - 1] === " " && /[^ ]/.test(code)) code = code.slice(1, -1);
    spans.push({ start: found.index, end: close + opener, code });
    run.lastIndex = close + opener;
  }
  return spans;
}

/** Where the next run of exactly `length` backticks from `from` on starts, or -1. */
function closingRun(text: string, from: number, length: number): number {
  for (let at = text.indexOf("`", from); at >= 0; ) {
    let end = at;
    while (text[end] === "`") end++;
    if (end - at === length) return at;
    at = text.indexOf("`", end);
  }
  return -1;
}

/** The runs of "*" outside code spans. */
function starRuns(text: string, spans: Span[]): Span[] {
  const runs: Span[] = [];
  for (const found of text.matchAll(/\*+/g)) {
    const start = found.index;
    if (!spans.some((span) => start >= span.start && start < span.end)) runs.push({ start, end: start + found[0].length });
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
