/**
 * A short piece of a matching text for a search result: about a dozen words around the
 * first word that matches a searched word, with every matching word in it marked (as
 * offsets, so the window renders them as text with emphasis, never as markup). Made from
 * the one hit entry's text rather than by FTS5's snippet(), which re-runs the whole query
 * for each result and needs the text kept in the index.
 */
import type { SnippetMark } from "./search-types";
import { WORD, foldForSearch, wordMatches } from "./search-words";

const WORDS_BEFORE = 3;
/** A text without words (only symbols) is shown cut to this many characters. */
const NO_WORDS_LENGTH = 120;

export interface MarkedSnippet {
  snippet: string;
  marks: SnippetMark[];
}

export function markedSnippet(text: string, searched: string[], maxWords = 12): MarkedSnippet {
  const words = [...text.matchAll(WORD)];
  if (words.length === 0) return { snippet: text.trim().slice(0, NO_WORDS_LENGTH), marks: [] };
  const folded = searched.map(foldForSearch).filter((word) => word.length > 0);
  const hit = Math.max(0, words.findIndex((w) => wordMatches(w[0], folded)));
  const first = Math.max(0, Math.min(hit - WORDS_BEFORE, words.length - maxWords));
  const last = Math.min(words.length, first + maxWords) - 1;
  const lead = first > 0 ? "…" : "";
  let snippet = lead;
  const marks: SnippetMark[] = [];
  // Built word by word, so each mark's place in the snippet is known (runs of spaces become one).
  for (let i = first; i <= last; i++) {
    const word = words[i][0];
    if (i > first) snippet += text.slice(words[i - 1].index! + words[i - 1][0].length, words[i].index!).replace(/\s+/g, " ");
    else if (first === 0) snippet += text.slice(0, words[0].index!).replace(/\s+/g, " ").trimStart();
    if (wordMatches(word, folded)) marks.push([snippet.length, snippet.length + word.length]);
    snippet += word;
  }
  const end = words[last].index! + words[last][0].length;
  if (last === words.length - 1) snippet += text.slice(end).replace(/\s+/g, " ").trimEnd();
  else snippet += "…";
  return { snippet, marks };
}

/** The snippet's text alone. */
export function makeSnippet(text: string, searched: string[], maxWords = 12): string {
  return markedSnippet(text, searched, maxWords).snippet;
}
