/**
 * A block of one plain line is shown without Markdown's parser: whatever the shortcut takes, it
 * shows exactly as react-markdown with the window's own options shows it (thousands of lines
 * made of prose and of every character Markdown gives a meaning to), and it takes the lines of
 * ordinary prose (a shortcut that took nothing would pass the comparison and skip nothing).
 */
import { renderToStaticMarkup } from "react-dom/server";
import Markdown from "react-markdown";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { paragraphElements, plainParagraph } from "../../../src/renderer/src/markdown/plain-paragraph";
import { Prng } from "../../../torture/prng";

let parsed: (source: string) => string;

beforeAll(async () => {
  // The options' modules announce app events, which read the page's head as they load.
  vi.stubGlobal("document", { querySelector: () => null });
  const { markdownOptions } = await import("../../../src/renderer/src/markdown/markdown-options");
  parsed = (source) => renderToStaticMarkup(Markdown({ ...markdownOptions(), children: source }));
});

const shortcut = (source: string) => {
  const text = plainParagraph(source);
  return text === null ? null : renderToStaticMarkup(paragraphElements(text));
};

describe("a block of one plain line", () => {
  it("takes ordinary prose, with the empty lines and spaces around it", () => {
    for (const source of [
      "Hello, world. It's 3 o'clock (roughly); see page 12/3 - or \"not\"?",
      "the words still growing ",
      "\n\nA paragraph between blocks.\n\n",
      "Prices rose 5% to $20 = more + less # not a heading!",
      "Ünïcödé, 日本語の文, and emoji 🎉 are words too.",
    ]) {
      expect(shortcut(source)).not.toBeNull();
      expect(shortcut(source)).toBe(parsed(source));
    }
  });

  it("leaves to the parser what Markdown gives a meaning to", () => {
    for (const source of [
      "1. a list",
      "2) a list",
      "- a list",
      "+ a list",
      "# a heading",
      "> a quote",
      "    indented code",
      "=== a line",
      "**bold** words",
      "_under_ words",
      "`code` words",
      "~~gone~~",
      "a [link](http://x.y)",
      "see http://example.com",
      "see www.example.com",
      "mail a@b.co",
      "<b>html</b>",
      "a &amp; b",
      "a \\* b",
      "| a | b |",
      "two\nlines",
      "ends with a break\\\nnext",
      "a\tb",
      "\u00a0lead",
      "nul \0 char",
      "",
      "\n\n",
    ])
      expect(shortcut(source)).toBeNull();
  });

  it("shows exactly what the parser shows, for every line it takes (random lines, every risky character)", () => {
    const prng = new Prng(20261207);
    const alphabet = [..."abcdefgh ABC  012 .,;:!?'\"()-+=#*_~`[]<>&\\|@/%$^{}\n\t\r\0\x01\u00a0\u2028éü日🎉", "www.", "http://", "&amp;", "1. ", "- "];
    let taken = 0;
    for (let i = 0; i < 4000; i++) {
      const length = prng.int(1, 40);
      let source = "";
      for (let j = 0; j < length; j++) source += prng.pick(alphabet);
      const fast = shortcut(source);
      if (fast === null) continue;
      taken++;
      expect(fast, JSON.stringify(source)).toBe(parsed(source));
    }
    // The comparison must have had lines to compare.
    expect(taken).toBeGreaterThan(100);
  });
});
