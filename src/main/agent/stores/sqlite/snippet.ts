/**
 * A short piece of a matching text for a search result: about a dozen words around
 * the first word that starts with a searched word, compared the way the index does
 * (case and accents ignored). Made here rather than by FTS5's snippet(), which re-runs
 * the whole query for each result.
 */
import { WORD } from "./search-query";

const WORDS_BEFORE = 3;

/** Lower case without accents: "Café" and "cafe" compare equal, as in the index. */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export function makeSnippet(text: string, searched: string[], maxWords = 12): string {
  const words = [...text.matchAll(WORD)];
  if (words.length === 0) return text.trim().slice(0, 120);
  const prefixes = searched.map(foldForSearch);
  const hit = Math.max(0, words.findIndex((w) => prefixes.some((p) => foldForSearch(w[0]).startsWith(p))));
  const first = Math.max(0, Math.min(hit - WORDS_BEFORE, words.length - maxWords));
  const last = Math.min(words.length, first + maxWords) - 1;
  const from = first === 0 ? 0 : words[first].index!;
  const to = last === words.length - 1 ? text.length : words[last].index! + words[last][0].length;
  const piece = text.slice(from, to).replace(/\s+/g, " ").trim();
  return `${first > 0 ? "…" : ""}${piece}${last < words.length - 1 ? "…" : ""}`;
}
