/**
 * Turns what a person types into a safe FTS5 query: every word is quoted (so quotes,
 * AND/OR/NOT/NEAR, `*`, `:`, `^` and parentheses are plain text) and matched as a
 * prefix, so "hel" already finds "hello" while typing. All words must match.
 */

/** Words are runs of letters, digits and marks, the way the unicode61 tokenizer splits text. */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Enough words for any real query; more only slows the search down. */
const MAX_WORDS = 16;

/** The words of `input` to search for (at most 16). */
export function searchWords(input: string): string[] {
  return (input.normalize("NFKC").match(WORD) ?? []).slice(0, MAX_WORDS);
}

/** The FTS5 MATCH expression for `input`, or null when it has no word to search for. */
export function toMatchExpression(input: string): string | null {
  const words = searchWords(input);
  if (words.length === 0) return null;
  return words.map((word) => `"${word.replace(/"/g, '""')}"*`).join(" ");
}
