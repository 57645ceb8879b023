/**
 * Parsed Markdown of finished texts, kept by the text itself: a row scrolled out of the
 * page and back, or a reply shown again after the view is fetched again, is not parsed
 * again. The least recently used texts are dropped first, so memory stays bounded.
 */
import type { Block } from "./markdown-ast";
import { parseMarkdown } from "./parse-markdown";

const LIMIT = 600;
const cache = new Map<string, Block[]>();

export function parseMarkdownCached(text: string): Block[] {
  const hit = cache.get(text);
  if (hit) {
    // Most recently used last: Map keeps insertion order.
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const blocks = parseMarkdown(text);
  cache.set(text, blocks);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value!);
  return blocks;
}
