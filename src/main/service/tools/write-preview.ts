/**
 * What a file write will do, shown with its approval question: the new content for a new
 * file, a line diff for an existing one (both cut to a readable size), as Markdown code
 * blocks whose fence is longer than any backtick run inside, so the content cannot end them.
 */

const PREVIEW_CHARS = 4_000;
/** Above this many lines on either side the diff is not computed (its table would be too large). */
const DIFF_LINES = 800;

function fenced(text: string, lang: string): string {
  const longestRun = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longestRun + 1);
  return `${fence}${lang}\n${text}${text.endsWith("\n") ? "" : "\n"}${fence}`;
}

function cut(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}\n… (${(text.length - PREVIEW_CHARS).toLocaleString("en-US")} more characters)` : text;
}

/** Lines kept, removed ("-") and added ("+"), by the longest common subsequence of lines. */
export function lineDiff(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  const width = b.length + 1;
  const common = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i * width + j] = a[i] === b[j] ? common[(i + 1) * width + j + 1] + 1 : Math.max(common[(i + 1) * width + j], common[i * width + j + 1]);
    }
  }
  const lines: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) lines.push(`  ${a[i++]}`), j++;
    else if (j < b.length && (i >= a.length || common[i * width + j + 1] > common[(i + 1) * width + j])) lines.push(`+ ${b[j++]}`);
    else lines.push(`- ${a[i++]}`);
  }
  return lines;
}

/** The preview for writing `content` over `existing` (null: the file does not exist yet). */
export function writePreview(existing: string | null, content: string): string {
  if (existing === null) return `The new file's content:\n\n${fenced(cut(content), "")}`;
  if (existing === content) return "The file already has exactly this content.";
  const lineCount = (text: string) => text.split("\n").length;
  if (lineCount(existing) > DIFF_LINES || lineCount(content) > DIFF_LINES) {
    return `The file's ${existing.length.toLocaleString("en-US")} characters would be replaced by these:\n\n${fenced(cut(content), "")}`;
  }
  return `What changes (- removed, + added):\n\n${fenced(cut(lineDiff(existing, content).join("\n")), "diff")}`;
}
