/** How every search index splits text into terms: Unicode letters and digits, case and accents folded. */
export const SEARCH_TOKENIZER = "unicode61 remove_diacritics 2";
