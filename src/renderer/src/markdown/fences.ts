/**
 * Code fences and empty lines, as CommonMark reads them: a fence opens with three or more
 * backticks or tildes (indented at most three spaces; a backtick fence's info string holds no
 * backtick) and closes with a line of the same character, at least as long, and nothing else.
 * While a reply is being written its last line may be incomplete: what it will be is unknown.
 */

export interface Fence {
  char: "`" | "~";
  length: number;
  /** Where the line after the opening fence starts. */
  bodyStart: number;
}

/** The end of the line starting at `at` (its "\n", or the text's end), or -1 when it may still grow. */
function lineEnd(text: string, at: number, final: boolean): number {
  const newline = text.indexOf("\n", at);
  if (newline >= 0) return newline;
  return final ? text.length : -1;
}

function indentEnd(text: string, at: number): number {
  let i = at;
  while (i < at + 3 && text[i] === " ") i++;
  return i;
}

/** The fence opened by the line at `at`, null if it opens none, "unknown" if the line is incomplete. */
export function fenceAt(text: string, at: number, final: boolean): Fence | null | "unknown" {
  const i = indentEnd(text, at);
  const char = text[i];
  if (char !== "`" && char !== "~") return i >= text.length && !final ? "unknown" : null;
  let j = i;
  while (text[j] === char) j++;
  if (j - i < 3) return j >= text.length && !final ? "unknown" : null;
  const end = lineEnd(text, j, final);
  if (end < 0) return "unknown";
  if (char === "`" && text.slice(j, end).includes("`")) return null;
  return { char, length: j - i, bodyStart: Math.min(end + 1, text.length) };
}

/**
 * Where the block after the fence's closing line starts, or -1 while it is not closed. `from`:
 * a line start after the opening fence where the search begins (the lines before it are known
 * not to close the fence: a block still being written is not read again from its start).
 */
export function closingFenceEnd(text: string, fence: Fence, final: boolean, from = fence.bodyStart): number {
  for (let at = Math.max(from, fence.bodyStart); at < text.length; ) {
    const end = lineEnd(text, at, final);
    if (end < 0) return -1;
    const i = indentEnd(text, at);
    let j = i;
    while (text[j] === fence.char) j++;
    if (j - i >= fence.length && /^[ \t]*$/.test(text.slice(j, end))) return Math.min(end + 1, text.length);
    at = end + 1;
  }
  return -1;
}

/** After the empty (or blank) line starting at `at`, or -1 when that line is not one (or not yet known). */
export function blankLineEnd(text: string, at: number, final: boolean): number {
  let i = at;
  while (text[i] === " " || text[i] === "\t") i++;
  if (text[i] === "\n") return i + 1;
  return final && i >= text.length && i > at ? text.length : -1;
}

/**
 * The language and the code of `block` when it is one fenced code block and nothing more
 * (empty lines before it aside), else null. `closed`: its closing fence has come.
 */
export function fencedCode(block: string, final: boolean): { lang: string; code: string; closed: boolean } | null {
  const start = block.search(/[^\n]/);
  if (start < 0) return null;
  const fence = fenceAt(block, start, final);
  if (!fence || fence === "unknown") return null;
  const lang = fenceLang(block, start, fence);
  const end = closingFenceEnd(block, fence, final);
  if (end < 0) return { lang, code: block.slice(fence.bodyStart), closed: false };
  if (block.slice(end).trim()) return null;
  const closingLine = block.lastIndexOf("\n", block[end - 1] === "\n" ? end - 2 : end - 1) + 1;
  return { lang, code: block.slice(fence.bodyStart, Math.max(fence.bodyStart, closingLine)), closed: true };
}

/** The language named on the opening line (at `start`) of `fence`, or "". */
export function fenceLang(text: string, start: number, fence: Fence): string {
  return text.slice(start, fence.bodyStart).replace(/^ *[`~]+/, "").trim().split(/\s+/)[0] ?? "";
}
