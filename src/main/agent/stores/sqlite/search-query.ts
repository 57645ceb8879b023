/**
 * The words of what a person types, the way a snippet looks for them in a hit's text.
 * (The query itself is made of the index tokenizer's own terms: query-terms.ts. Every term
 * is quoted, so quotes, AND/OR/NOT/NEAR, `*`, `:`, `^` and parentheses are plain text, and
 * matched as a prefix, so "hel" already finds "hello" while typing. All terms must match.)
 */

/** Words are runs of letters, digits and marks, close to how the index tokenizer cuts text. */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Enough words for any real query; more only slows the search down. */
const MAX_WORDS = 16;

/** The words of `input` to search for (at most 16). */
export function searchWords(input: string): string[] {
  return (input.normalize("NFKC").match(WORD) ?? []).slice(0, MAX_WORDS);
}
