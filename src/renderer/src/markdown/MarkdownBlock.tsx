/**
 * One block of a reply rendered with react-markdown. The elements of finished blocks are kept
 * by their Markdown, so a block that settled while the reply streamed, a row scrolled out and
 * back, or a reply shown again after the view is fetched again is not parsed again. The least
 * recently used are dropped first, by total size, so memory stays bounded.
 *
 * Blocks are in groups that the browser skips while they are off screen (see block-groups.ts and
 * .markdown__group), so a long reply costs a frame what its part on screen costs.
 */
import { memo, type ReactElement } from "react";
import Markdown from "react-markdown";
import type { BlockView } from "./block-views";
import { CodeBlock } from "./CodeBlock";
import { CodeLines } from "./CodeLines";
import { fencedCode } from "./fences";
import { hasHighlightableCode, loadedHighlighter, loadHighlighter, useHighlighterFor } from "./highlighter";
import { HIGHLIGHT_LIMIT, markdownOptions } from "./markdown-options";
import { paragraphElements, plainParagraph } from "./plain-paragraph";
import { plainTable, tableElements } from "./plain-table";
import { countRender } from "../lib/render-probe";

const CACHE_CHARS = 2_000_000;
/** A block's elements, and whether they were made with the highlighter (only matters for code with a language). */
interface Rendered {
  element: ReactElement;
  highlighted: boolean;
}
const cache = new Map<string, Rendered>();
let cachedChars = 0;

/** The elements of `source`, made now (a block still growing changes at every frame); parsed unless it is one plain line or a simple table. */
export function renderMarkdown(source: string): ReactElement {
  const plain = plainParagraph(source);
  if (plain !== null) return paragraphElements(plain);
  const table = plainTable(source);
  if (table) return tableElements(table);
  // Code with a language asks for the highlighter; until it is in, the code shows as plain text.
  if (!loadedHighlighter() && hasHighlightableCode(source)) void loadHighlighter();
  return Markdown({ ...markdownOptions(), children: source });
}

/** A code block too long to highlight is shown as it is, without parsing it as Markdown. */
function renderBlock(source: string): ReactElement {
  const fenced = source.length > HIGHLIGHT_LIMIT ? fencedCode(source, true) : null;
  if (!fenced || fenced.code.length <= HIGHLIGHT_LIMIT) return renderMarkdown(source);
  return (
    <CodeBlock lang={fenced.lang} text={fenced.code.replace(/\n$/, "")}>
      <CodeLines text={fenced.code} />
    </CodeBlock>
  );
}

function renderCached(source: string, highlighted: boolean): ReactElement {
  const hit = cache.get(source);
  if (hit && (hit.highlighted || !highlighted)) {
    // Most recently used last: a Map keeps insertion order.
    cache.delete(source);
    cache.set(source, hit);
    return hit.element;
  }
  const element = renderBlock(source);
  // A finished block made into elements: once per block (again only when the highlighter arrives for its code).
  countRender("markdown-block");
  if (hit) cachedChars -= source.length;
  cache.delete(source);
  cache.set(source, { element, highlighted: loadedHighlighter() !== null });
  cachedChars += source.length;
  while (cachedChars > CACHE_CHARS && cache.size > 1) {
    const oldest = cache.keys().next().value!;
    cachedChars -= oldest.length;
    cache.delete(oldest);
  }
  return element;
}

/** The box of one block; a piece of a long table is drawn as the rest of the table above it. */
export function blockClass(view: BlockView): string {
  return view.continuesTable ? "markdown__block markdown__table-rest" : "markdown__block";
}

export const MarkdownBlock = memo(function MarkdownBlock({ view }: { view: BlockView }) {
  // Code with a language renders again, highlighted, once the highlighter is loaded.
  const highlighted = useHighlighterFor(view.source);
  // dir="auto": a block reads in its own words' direction (the model's Latin text left to right in an Arabic window).
  return (
    <div className={blockClass(view)} dir="auto">
      {renderCached(view.source, highlighted)}
    </div>
  );
});
