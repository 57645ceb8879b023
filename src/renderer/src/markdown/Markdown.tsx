/** Renders Markdown to React elements (never to raw HTML), so a reply cannot inject markup. */
import { memo, useMemo, type ReactNode } from "react";
import type { Block, Inline } from "./markdown-ast";
import { parseMarkdown } from "./parse-markdown";
import { parseMarkdownCached } from "./parse-cache";
import { CodeBlock } from "./CodeBlock";

/**
 * `caret`: a typing caret after the last words, for a reply still being written. Finished
 * texts are parsed once (cached by text); a text with a caret changes at every frame.
 */
export const Markdown = memo(function Markdown({ text, caret = false }: { text: string; caret?: boolean }) {
  const blocks = useMemo(() => (caret ? parseMarkdown(text) : parseMarkdownCached(text)), [text, caret]);
  return (
    <div className="markdown">
      <MarkdownBlocks blocks={blocks} caret={caret} />
    </div>
  );
});

/** Blocks without their wrapper, so a reply can be shown in parts inside one `.markdown`. */
export const MarkdownBlocks = memo(function MarkdownBlocks({ blocks, caret = false }: { blocks: Block[]; caret?: boolean }) {
  const last = blocks[blocks.length - 1];
  const caretInline = caret && last?.type === "paragraph";
  return (
    <>
      {blocks.map((block, i) =>
        caretInline && i === blocks.length - 1 ? (
          <p key={i}>
            {renderInlines((block as { inlines: Inline[] }).inlines)}
            <span className="caret" aria-hidden="true" />
          </p>
        ) : (
          renderBlock(block, i)
        ),
      )}
      {caret && !caretInline && <span className="caret" aria-hidden="true" />}
    </>
  );
});

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case "paragraph":
      return <p key={key}>{renderInlines(block.inlines)}</p>;
    case "heading": {
      // Reply headings sit inside a conversation, so they start two levels down.
      const Tag = `h${Math.min(block.level + 2, 6)}` as "h3";
      return (
        <Tag key={key} className={`markdown__h${block.level}`}>
          {renderInlines(block.inlines)}
        </Tag>
      );
    }
    case "code":
      return <CodeBlock key={key} lang={block.lang} text={block.text} />;
    case "list": {
      const items = block.items.map((item, i) => <li key={i}>{item.map(renderBlock)}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case "quote":
      return <blockquote key={key}>{block.blocks.map(renderBlock)}</blockquote>;
    case "table":
      return (
        <div key={key} className="markdown__table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                {block.head.map((cell, c) => (
                  <th key={c} style={{ textAlign: block.align[c] ?? undefined }}>
                    {renderInlines(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c} style={{ textAlign: block.align[c] ?? undefined }}>
                      {renderInlines(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "rule":
      return <hr key={key} />;
  }
}

function renderInlines(inlines: Inline[]): ReactNode[] {
  return inlines.map(renderInline);
}

function renderInline(inline: Inline, key: number): ReactNode {
  switch (inline.type) {
    case "text":
      return inline.text;
    case "code":
      return <code key={key}>{inline.text}</code>;
    case "strong":
      return <strong key={key}>{renderInlines(inline.children)}</strong>;
    case "em":
      return <em key={key}>{renderInlines(inline.children)}</em>;
    case "del":
      return <del key={key}>{renderInlines(inline.children)}</del>;
    case "break":
      return <br key={key} />;
    case "link":
      // The app opens new-window links in the person's browser; the window itself never navigates.
      return (
        <a key={key} href={inline.href} target="_blank" rel="noopener noreferrer" title={inline.href}>
          {renderInlines(inline.children)}
        </a>
      );
  }
}
