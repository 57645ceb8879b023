/**
 * Words for PostgreSQL full-text search, cut and folded here in JavaScript the same way for
 * the indexed text and for what a person types (case and accents ignored). The index holds
 * them as lexemes as they are (array_to_tsvector), and a query is built of quoted lexemes,
 * each matched as a prefix: typed input is never read as tsquery syntax.
 */
import { WORD, foldForSearch } from "../search/search-words";

/** A longer word is not indexed (PostgreSQL refuses lexemes over 2 KB; nobody types such a word). */
export const MAX_WORD_LENGTH = 100;
/** Distinct words indexed per text: enough for any message, and the index row stays small. */
export const MAX_WORDS_PER_TEXT = 20_000;
/** Enough words for any real query; more only slows the search down. */
const MAX_QUERY_WORDS = 16;

/** Text of ASCII alone, which NFKC and the folding leave as it is but for its case. */
export const ASCII_ONLY = /^[\x00-\x7f]*$/;
/** WORD within ASCII text once lowered: runs of letters and digits. */
const ASCII_WORD = /[a-z0-9]+/g;

function wordsOf(text: string, limit: number): string[] {
  const words = new Set<string>();
  // Most messages are ASCII: cut at once, without Unicode's tables (a third of a save's own time before).
  const ascii = ASCII_ONLY.test(text);
  const folded = ascii ? text.toLowerCase() : foldForSearch(text.normalize("NFKC"));
  for (const match of folded.matchAll(ascii ? ASCII_WORD : WORD)) {
    if (match[0].length <= MAX_WORD_LENGTH) words.add(match[0]);
    if (words.size >= limit) break;
  }
  return [...words];
}

/** The distinct folded words of a text, space-separated (a word holds no space), or null when it has none. */
export function indexedWords(text: string | null): string | null {
  if (text === null) return null;
  const words = wordsOf(text, MAX_WORDS_PER_TEXT);
  return words.length === 0 ? null : words.join(" ");
}

/** The tsquery asking for every typed word as a prefix, each one quoted; null when nothing searchable was typed. */
export function prefixTsQuery(input: string): string | null {
  const words = wordsOf(String(input), MAX_QUERY_WORDS);
  if (words.length === 0) return null;
  return words.map((word) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*`).join(" & ");
}
