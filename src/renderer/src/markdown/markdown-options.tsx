/**
 * How a block of Markdown becomes React elements (never raw HTML): react-markdown with GitHub's
 * extensions (tables, task lists, strikethrough, bare links) and code highlighted as class names
 * only (once the highlighter is loaded), so the window's style policy (no inline styles) holds. Links open outside the window
 * and only when they are http(s) or mailto; raw HTML in a reply is shown as the text it is.
 */
import type { ReactNode } from "react";
import type { Components, Options } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./CodeBlock";
import { loadedHighlighter } from "./highlighter";

/** Code longer than this is shown without highlighting: highlighting it would hold the window. */
export const HIGHLIGHT_LIMIT = 10_000;

/** The link targets the window shows as links (the shell opens the same ones, nothing else). */
export function safeHref(url: string): string | null {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : null;
}

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function hastText(node: HastNode): string {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(hastText).join("");
}

/** Raw HTML becomes text: a reply can show markup, never inject it. */
function remarkHtmlAsText() {
  const walk = (node: { type: string; children?: unknown[] }) => {
    if (node.type === "html") node.type = "text";
    for (const child of node.children ?? []) walk(child as { type: string; children?: unknown[] });
  };
  return walk;
}

/** The class a table cell of `align` gets: an inline style would break the window's style policy. */
export function alignClass(align: string): string {
  return `markdown__align-${align}`;
}

/** A table column's alignment as a class (alignClass). */
function rehypeAlignAsClass() {
  const walk = (node: HastNode) => {
    if ((node.tagName === "th" || node.tagName === "td") && node.properties?.align) {
      const { align, ...rest } = node.properties;
      node.properties = { ...rest, className: [alignClass(String(align))] };
    }
    for (const child of node.children ?? []) walk(child);
  };
  return walk;
}

/** Each code block keeps its language for its label; one too long to highlight is marked so highlighting skips it. */
function rehypeCodeLanguage() {
  const walk = (node: HastNode) => {
    if (node.tagName === "pre" && node.children?.[0]?.tagName === "code") {
      const code = node.children[0];
      const classes = (code.properties?.className as string[] | undefined) ?? [];
      const lang = classes.find((c) => c.startsWith("language-"))?.slice("language-".length) ?? "";
      code.properties = { ...code.properties, dataLang: lang };
      if (hastText(code).length > HIGHLIGHT_LIMIT) code.properties.className = ["no-highlight"];
      return;
    }
    for (const child of node.children ?? []) walk(child);
  };
  return walk;
}

function heading(level: number) {
  // Reply headings sit inside a conversation, so they start two levels down.
  const Tag = `h${Math.min(level + 2, 6)}` as "h3";
  return function Heading({ children }: { children?: ReactNode }) {
    return <Tag className={`markdown__h${level}`}>{children}</Tag>;
  };
}

/** A table in a box of its own that scrolls sideways when it is wider than the reply. */
export function TableBox({ children }: { children?: ReactNode }) {
  return (
    <div className="markdown__table" tabIndex={0}>
      <table>{children}</table>
    </div>
  );
}

const components: Components = {
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
  a({ href, children }) {
    const target = href ? safeHref(href) : null;
    if (!target) return <span className="markdown__link-text">{children}</span>;
    // The app opens new-window links in the person's browser or mail app; the window itself never navigates.
    return (
      <a href={target} target="_blank" rel="noopener noreferrer" title={target}>
        {children}
      </a>
    );
  },
  img({ src, alt }) {
    // The window loads no images from a reply: it shows where the image is.
    const target = typeof src === "string" ? safeHref(src) : null;
    if (!target) return <span>{alt}</span>;
    return (
      <a href={target} target="_blank" rel="noopener noreferrer" title={target}>
        {alt || target}
      </a>
    );
  },
  pre({ node, children }) {
    const code = (node as HastNode | undefined)?.children?.[0];
    const lang = String(code?.properties?.dataLang ?? "");
    return (
      <CodeBlock lang={lang} text={code ? hastText(code).replace(/\n$/, "") : ""}>
        {children}
      </CodeBlock>
    );
  },
  table: TableBox,
};

function optionsWith(rehypeExtra: Options["rehypePlugins"]): Readonly<Options> {
  return {
    remarkPlugins: [remarkGfm, remarkHtmlAsText],
    rehypePlugins: [rehypeAlignAsClass, rehypeCodeLanguage, ...(rehypeExtra ?? [])],
    components,
    urlTransform: (url) => safeHref(url) ?? "",
  };
}

const withoutHighlight = optionsWith([]);
let withHighlight: Readonly<Options> | null = null;

/** The options of react-markdown: with code highlighting once the highlighter is loaded (see highlighter.ts). */
export function markdownOptions(): Readonly<Options> {
  const highlight = loadedHighlighter();
  if (!highlight) return withoutHighlight;
  return (withHighlight ??= optionsWith([() => highlight]));
}
