/**
 * The words of what a person types, the way a snippet looks for them in a hit's text.
 * (The query itself is made of the index tokenizer's own terms: query-terms.ts. Every term
 * is quoted, so quotes, AND/OR/NOT/NEAR, `*`, `:`, `^` and parentheses are plain text, and
 * matched as a prefix, so "hel" already finds "hello" while typing. All terms must match.)
 */
export { WORD, searchWords } from "../search/search-words";
