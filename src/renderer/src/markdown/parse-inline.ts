/**
 * Inline Markdown: code spans, strong, emphasis, strikethrough, links, bare URLs and
 * line breaks. A pragmatic subset of CommonMark that reads model replies well; text that
 * does not match a rule stays plain text, so nothing is ever lost.
 */
import type { Inline } from "./markdown-ast";

const ESCAPABLE = "\\`*_{}[]()#+-.!|~>";

/** Only links that open in a browser or mail client are made clickable. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : null;
}

export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push({ type: "text", text });
    text = "";
  };
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const ch = source[i];

    if (ch === "\\" && i + 1 < source.length) {
      const next = source[i + 1];
      if (next === "\n") {
        flush();
        out.push({ type: "break" });
        i += 2;
        continue;
      }
      if (ESCAPABLE.includes(next)) {
        text += next;
        i += 2;
        continue;
      }
    }

    if (ch === "\n") {
      text = text.replace(/ +$/, "");
      flush();
      out.push({ type: "break" });
      i += 1;
      continue;
    }

    if (ch === "`") {
      const match = /^(`+)([\s\S]*?[^`])\1(?!`)/.exec(rest);
      if (match) {
        flush();
        let code = match[2].replace(/\n/g, " ");
        if (/^ .* $/.test(code)) code = code.slice(1, -1);
        out.push({ type: "code", text: code });
        i += match[0].length;
        continue;
      }
      const run = /^`+/.exec(rest)![0];
      text += run;
      i += run.length;
      continue;
    }

    if (ch === "[") {
      const link = matchLink(source, i);
      if (link) {
        flush();
        const href = safeHref(link.href);
        const children = parseInline(link.label);
        out.push(href ? { type: "link", href, children } : { type: "text", text: link.label });
        i = link.end;
        continue;
      }
    }

    if (ch === "h" || ch === "H") {
      const url = /^https?:\/\/[^\s<>]+/i.exec(rest);
      if (url && (i === 0 || /[\s(]/.test(source[i - 1]))) {
        const href = url[0].replace(/[.,;:!?'")\]]+$/, "");
        flush();
        out.push({ type: "link", href, children: [{ type: "text", text: href }] });
        i += href.length;
        continue;
      }
    }

    if (ch === "*" || ch === "_" || ch === "~") {
      const span = matchDelimited(source, i);
      if (span) {
        flush();
        out.push(span.node);
        i = span.end;
        continue;
      }
      const run = new RegExp(`^\\${ch}+`).exec(rest)![0];
      text += run;
      i += run.length;
      continue;
    }

    text += ch;
    i += 1;
  }
  flush();
  return out;
}

function matchLink(source: string, start: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let close = -1;
  for (let j = start; j < source.length; j++) {
    const c = source[j];
    if (c === "\\") {
      j++;
      continue;
    }
    if (c === "[") depth++;
    if (c === "]" && --depth === 0) {
      close = j;
      break;
    }
  }
  if (close < 0 || source[close + 1] !== "(") return null;
  const target = /^\(\s*<?([^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)>?(?:\s+"[^"]*")?\s*\)/.exec(source.slice(close + 1));
  if (!target) return null;
  return { label: source.slice(start + 1, close), href: target[1], end: close + 1 + target[0].length };
}

function matchDelimited(source: string, start: number): { node: Inline; end: number } | null {
  const ch = source[start];
  const double = source[start + 1] === ch;
  if (ch === "~" && !double) return null;
  const marker = double ? ch + ch : ch;
  const innerStart = start + marker.length;
  // An opening marker must touch the text it opens, and `_` must not sit inside a word.
  if (innerStart >= source.length || /\s/.test(source[innerStart])) return null;
  if (ch === "_" && start > 0 && /[\p{L}\p{N}]/u.test(source[start - 1])) return null;

  for (let j = innerStart; j < source.length; j++) {
    const c = source[j];
    if (c === "\\") {
      j++;
      continue;
    }
    // Markers inside a code span do not close the span.
    if (c === "`") {
      const code = /^(`+)[\s\S]*?[^`]\1(?!`)/.exec(source.slice(j));
      if (code) j += code[0].length - 1;
      continue;
    }
    if (!source.startsWith(marker, j) || j === innerStart) continue;
    const before = source[j - 1];
    const after = source[j + marker.length];
    if (/\s/.test(before)) continue;
    // `*a**b*`: a single marker must not be half of a double one.
    if (!double && after === ch) {
      j++;
      continue;
    }
    if (ch === "_" && after !== undefined && /[\p{L}\p{N}]/u.test(after)) continue;
    const children = parseInline(source.slice(innerStart, j));
    const type = ch === "~" ? "del" : double ? "strong" : "em";
    return { node: { type, children } as Inline, end: j + marker.length };
  }
  return null;
}
