/**
 * One block of a reply rendered with react-markdown. The elements of finished blocks are kept
 * by their Markdown, so a block that settled while the reply streamed, a row scrolled out and
 * back, or a reply shown again after the view is fetched again is not parsed again. The least
 * recently used are dropped first, by total size, so memory stays bounded.
 */
import { memo, type ReactElement } from "react";
import Markdown from "react-markdown";
import type { BlockView } from "./block-views";
import { MARKDOWN_OPTIONS } from "./markdown-options";

const CACHE_CHARS = 2_000_000;
const cache = new Map<string, ReactElement>();
let cachedChars = 0;

/** The elements of `source`, parsed now (a block still growing changes at every frame). */
export function renderMarkdown(source: string): ReactElement {
  return Markdown({ ...MARKDOWN_OPTIONS, children: source });
}

function renderCached(source: string): ReactElement {
  const hit = cache.get(source);
  if (hit) {
    // Most recently used last: a Map keeps insertion order.
    cache.delete(source);
    cache.set(source, hit);
    return hit;
  }
  const rendered = renderMarkdown(source);
  cache.set(source, rendered);
  cachedChars += source.length;
  while (cachedChars > CACHE_CHARS && cache.size > 1) {
    const oldest = cache.keys().next().value!;
    cachedChars -= oldest.length;
    cache.delete(oldest);
  }
  return rendered;
}

export const MarkdownBlock = memo(function MarkdownBlock({ view }: { view: BlockView }) {
  const elements = renderCached(view.source);
  return view.continuesTable ? <div className="markdown__table-rest">{elements}</div> : elements;
});
