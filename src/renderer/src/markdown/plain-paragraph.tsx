/**
 * A block that is one line of plain words (most of a reply's paragraphs, and the words still
 * growing at the end of one) is shown without Markdown's parser: what the parser would give
 * for it is known beforehand, a paragraph holding the line as it is. Parsing it cost about
 * 0.2 ms a block, and again at every render of the growing words.
 *
 * "Plain" leaves out every character that starts Markdown or GitHub's extensions anywhere in a
 * line (emphasis, code, links and footnotes, raw HTML, character references and escapes,
 * tables, strikethrough, bare links and e-mail addresses), a first character that can start a
 * block of another kind (a list, a heading, a quote, indented code) and every line break; such
 * a block is parsed as before. The parser drops the spaces that end a paragraph; so does this.
 */
import { Fragment, type ReactElement } from "react";

/**
 * One line: a first character that starts no other kind of block, then anything but Markdown's
 * characters, control characters and whitespace other than the space. Empty lines around it are no part of it.
 */
const PLAIN_LINE = /^\n*([^\s\0-\x1f`*_~[\]<>&\\|@:\d+#=-](?:[^\s\0-\x1f`*_~[\]<>&\\|@:]| )*?) *\n*$/;
/** A bare link of GitHub's kind that needs none of the characters above. */
const BARE_WWW = /www\./i;

/** The words of `source` when it is one plain line, as the paragraph shows them; null otherwise. */
export function plainParagraph(source: string): string | null {
  const line = PLAIN_LINE.exec(source)?.[1];
  if (line === undefined || BARE_WWW.test(line)) return null;
  return line;
}

/** The elements react-markdown makes of a paragraph of `text`: the same shape and key, so a growing one is updated in place. */
export function paragraphElements(text: string): ReactElement {
  return (
    <Fragment>
      <p key="p-0">{text}</p>
    </Fragment>
  );
}
