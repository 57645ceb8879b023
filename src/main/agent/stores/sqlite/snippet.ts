/** Snippets of search results are made the same way on every store (stores/search/snippet.ts). */
export { makeSnippet, markedSnippet } from "../search/snippet";
export { foldForSearch } from "../search/search-words";
