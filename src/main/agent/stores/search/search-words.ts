/**
 * The words of what a person types and of a searched text, compared the way every index
 * does: case and accents ignored, each typed word matched as the prefix of a word, so
 * "hel" already finds "hello" while typing.
 */

/** Words are runs of letters, digits and marks, close to how the index tokenizers cut text. */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Enough words for any real query; more only slows the search down. */
const MAX_WORDS = 16;

/** The words of `input` to search for (at most 16). */
export function searchWords(input: string): string[] {
  return (String(input).normalize("NFKC").match(WORD) ?? []).slice(0, MAX_WORDS);
}

/** Lower case without accents: "Café" and "cafe" compare equal, as in the index. */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Whether a folded word matches a folded searched word. */
function foldedWordMatches(word: string, searched: string): boolean {
  // Scripts written without spaces (Thai, Chinese) make one long "word": a searched word inside it matches too.
  return word.startsWith(searched) || (searched.length > 0 && word.includes(searched) && !/[a-z0-9]/.test(word));
}

/** Whether a word of a text matches one of the searched (folded) words. */
export function wordMatches(word: string, foldedSearched: readonly string[]): boolean {
  const folded = foldForSearch(word);
  return foldedSearched.some((searched) => foldedWordMatches(folded, searched));
}

/** Whether `text` holds every searched word (as a word prefix): what an index match means. */
export function textMatchesAll(text: string, foldedSearched: readonly string[]): boolean {
  if (foldedSearched.length === 0) return false;
  const folded = foldForSearch(text.normalize("NFKC"));
  // Most texts lack a searched word altogether: that is found without cutting them into words.
  if (!foldedSearched.every((searched) => folded.includes(searched))) return false;
  const words = [...new Set(folded.match(WORD) ?? [])];
  return foldedSearched.every((searched) => words.some((word) => foldedWordMatches(word, searched)));
}
