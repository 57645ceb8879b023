/**
 * An entry's search words, from schema version 6, stored only when the server cannot derive
 * them from the entry's body itself. The index over entries is an expression,
 * `coalesce(words, body_words(packed_body))`: for most entries (plain ASCII text) the words are
 * exactly what `body_words` (the SQL below) finds in the body's text, so the row keeps no copy
 * of them (a copy cost about as many bytes as the text). Any entry whose words the function
 * would find differently (accents, other scripts, words over 100 characters), whose body the
 * server's JSON parser might refuse (escapes, deep nesting), or that is not searched at all,
 * keeps its words in the column ("" for none), as before.
 */
import type { EntryRecord } from "../../state/history";
import { searchTextOf } from "../sqlite/entry-search-text";
import { ASCII_ONLY, MAX_WORD_LENGTH, MAX_WORDS_PER_TEXT, indexedWords } from "./search-words";

/** The function's name in the store's schema. */
export const BODY_WORDS_FUNCTION = "body_words";

/** The text body_words reads from the parsed body `b`: its `text`, else its text blocks joined. */
const BODY_TEXT = `coalesce(b->>'text',
          (SELECT string_agg(block->>'text', '' ORDER BY n) FROM json_array_elements(b->'content') WITH ORDINALITY AS e(block, n)
           WHERE block->>'type' = 'text'), '')`;

/** body_words, made by `create` (CREATE or CREATE OR REPLACE), its text's letters lowered by `lowered`. */
function wordsFunction(s: string, create: string, lowered: string): string {
  return `
    ${create} FUNCTION ${s}.${BODY_WORDS_FUNCTION}(body text) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
    DECLARE
      b json;
    BEGIN
      b := body::json;
      RETURN array_to_tsvector(array_remove(regexp_split_to_array(${lowered}, '[^a-z0-9]+'), ''));
    EXCEPTION WHEN OTHERS THEN
      RETURN ''::tsvector;
    END $$;`;
}

/**
 * The SQL of body_words for schema `s`: the body's `text` (else, as an assistant turn packs it,
 * its text blocks joined), ASCII letters lowered, cut at every character that is not a-z or 0-9.
 * A body the server cannot read as JSON (one damaged on disk) has no words rather than an error,
 * so that it can still be written over, deleted and searched past. Part of migration 6: never changed
 * (migration 8 gives the function the body below, which finds the same words sooner).
 */
export function bodyWordsFunction(s: string): string {
  return wordsFunction(s, "CREATE", `translate(${BODY_TEXT},
        'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`);
}

/**
 * body_words as migration 8 leaves it, finding the same words: the letters lowered by `lower` in
 * the "C" collation, which changes only the bytes A-Z (PostgreSQL's str_tolower), as `translate`
 * changed only those letters, but one character at a time against each of the 26: about 50 µs
 * of the old function's 90 µs for a 400-character message, at every save. Part of migration 8:
 * never changed.
 */
export function fasterBodyWordsFunction(s: string): string {
  return wordsFunction(s, "CREATE OR REPLACE", `lower(${BODY_TEXT} COLLATE "C")`);
}

/** The index expression, the same text in the index and in every query that would use it. */
export function entryWordsExpression(s: string, table = ""): string {
  const column = (name: string) => (table === "" ? name : `${table}.${name}`);
  return `coalesce(${column("words")}, ${s}.${BODY_WORDS_FUNCTION}(${column("packed_body")}))`;
}

/** Longest text whose words the server derives (its tsvector stays far below the 1 MB limit). */
const MAX_DERIVED_TEXT = 100_000;
/** Deepest body the server is asked to parse (its parser recurses). */
const MAX_DERIVED_DEPTH = 32;

/** The words `body_words` finds in `text`, as JavaScript sees them (a set). */
function serverWords(text: string): Set<string> {
  return new Set(text.replace(/[A-Z]/g, (c) => c.toLowerCase()).split(/[^a-z0-9]+/).filter((word) => word !== ""));
}

/** The text `body_words` reads from a parsed body, or undefined when its reading is not certain to match. */
function serverText(body: Record<string, unknown>): string | undefined {
  const blocks = textOfBlocks(body.content);
  if (blocks === undefined) return undefined;
  if (typeof body.text === "string") return body.text;
  return body.text === undefined ? blocks : undefined;
}

/** The text blocks of `content` joined ("" when there is none); undefined when the server might read them otherwise. */
function textOfBlocks(content: unknown): string | undefined {
  if (content === undefined) return "";
  if (!Array.isArray(content)) return undefined;
  let text = "";
  for (const block of content as unknown[]) {
    if (block === null || typeof block !== "object" || Array.isArray(block)) return undefined;
    const { type, text: blockText } = block as { type?: unknown; text?: unknown };
    if (typeof type !== "string") return undefined;
    if (type !== "text") continue;
    if (typeof blockText !== "string") return undefined;
    text += blockText;
  }
  return text;
}

/** Whether the server's JSON parser takes `json` as JavaScript wrote it: no escapes (\u0000, lone surrogates) and shallow. */
function plainJson(json: string): boolean {
  if (json.includes("\\u")) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash: skip what it escapes
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > MAX_DERIVED_DEPTH) return false;
    } else if (c === 125 || c === 93) depth--;
  }
  return true;
}

/**
 * The `words` column of an entry whose packed body is `body`: null when the server derives
 * exactly the words this store indexes from the body, else the words (space-separated, "" for none).
 */
export function storedWords(entry: EntryRecord, body: string): string | null {
  const searched = searchTextOf(entry as { kind?: unknown; text?: unknown });
  const words = indexedWords(searched);
  return derivesSame(searched, words, body) ? null : (words ?? "");
}

/** A run of ASCII letters and digits longer than a word this store indexes. */
const OVERLONG_WORD = new RegExp(`[A-Za-z0-9]{${MAX_WORD_LENGTH + 1}}`);

function derivesSame(searched: string | null, words: string | null, body: string): boolean {
  if (words === null || body.length > MAX_DERIVED_TEXT || !plainJson(body)) return false;
  const parsed = JSON.parse(body) as unknown;
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return false;
  const text = serverText(parsed as Record<string, unknown>);
  if (text === undefined) return false;
  // The server reads the very text this store cut, and it is ASCII: both cut it the same way, so the
  // words could differ only where this store leaves some out (an overlong word, or past the most it keeps).
  if (text === searched && ASCII_ONLY.test(text) && !OVERLONG_WORD.test(text) && words.split(" ").length < MAX_WORDS_PER_TEXT) return true;
  const derived = serverWords(text);
  const ours = words.split(" ");
  return derived.size === ours.length && ours.every((word) => derived.has(word));
}
