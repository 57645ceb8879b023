/**
 * A block that is one simple table is shown without Markdown's parser: whatever the shortcut
 * takes, it makes exactly the elements react-markdown with the window's own options makes (the
 * same types, keys and properties, so a growing table moving between the two is updated in
 * place, and the same markup), for thousands of random tables whose cells hold every character
 * that means something in Markdown; and it takes the tables of ordinary replies (a shortcut
 * that took nothing would pass the comparison and skip nothing).
 */
import { isValidElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown from "react-markdown";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type * as PlainTableModule from "../../../src/renderer/src/markdown/plain-table";
import { Prng } from "../../../torture/prng";

let parsedElements: (source: string) => ReactNode;
let plainTable: typeof PlainTableModule.plainTable;
let tableElements: typeof PlainTableModule.tableElements;

beforeAll(async () => {
  // The options' modules announce app events, which read the page's head as they load.
  vi.stubGlobal("document", { querySelector: () => null });
  const { markdownOptions } = await import("../../../src/renderer/src/markdown/markdown-options");
  parsedElements = (source) => Markdown({ ...markdownOptions(), children: source });
  ({ plainTable, tableElements } = await import("../../../src/renderer/src/markdown/plain-table"));
});

/** An element tree as data: type, key, properties (react-markdown's `node` aside) and children. */
function shape(node: ReactNode): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (!isValidElement(node)) return node;
  const { children, node: _node, ...props } = node.props as { children?: ReactNode; node?: unknown };
  const type = typeof node.type === "string" ? node.type : typeof node.type === "function" ? node.type.name : String(node.type);
  return { type, key: node.key, props, children: shape(children) };
}

function expectSame(source: string): void {
  const table = plainTable(source);
  if (!table) throw new Error(`not taken: ${JSON.stringify(source)}`);
  const fast = tableElements(table);
  const parsed = parsedElements(source);
  expect(shape(fast), JSON.stringify(source)).toEqual(shape(parsed));
  expect(renderToStaticMarkup(fast), JSON.stringify(source)).toBe(renderToStaticMarkup(parsed as never));
}

const HEAD = "| Name | Value | Note |\n|---|---:|:-:|\n";

describe("a block that is one simple table", () => {
  it("takes the tables of ordinary replies, and a piece of a long one as it grows", () => {
    const rows = "| a row | 1234 | some *words* here |\n| `code` here | **strong** | 3.5% (roughly) |\n";
    for (const source of [
      HEAD + rows,
      HEAD,
      `\n\n${HEAD}${rows}\n\n`,
      "| a | b |\n|--|--|\n| 1 | 2 |",
      "a | b\n--|--\n1 | 2".replace(/^/gm, "|"),
      "| one |\n| :-- |\n| x |\n| y |",
      HEAD + "| a row | 1234 | some *wo",
      HEAD + "| a row | 12",
      HEAD + "| a row | 1234 | some words here | and more | cells |",
      HEAD + "| a row |",
      "| Ünïcödé | 日本語 | 🎉 *emoji* 🎉 |\n|--|--|--|\n| ` a ` | `` x ` y `` | * not * |",
    ])
      expectSame(source);
  });

  it("leaves to the parser what it does not read", () => {
    for (const source of [
      "| a | b |",
      "| a | b |\n| - |",
      "| a |\n| x |",
      "a | b\n--|--",
      "| a | b |\n|--|--|\n  | indented | row |",
      "| a | b |\n|--|--|\n\n| after | a gap |",
      "| a |\n|---|\n| [link](http://x.y) |",
      "| a |\n|---|\n| _under_ |",
      "| a |\n|---|\n| ~~gone~~ |",
      "| a |\n|---|\n| <b>html</b> |",
      "| a |\n|---|\n| a &amp; b |",
      "| a |\n|---|\n| a \\| b |",
      "| a |\n|---|\n| www.example.com |",
      "| a |\n|---|\n| mail a@b.co |",
      "| a |\n|---|\n| ***both*** |",
      "| a |\n|---|\n| *a* and *b* |",
      "| a |\n|---|\n| **a* |",
      "| a |\n|---|\n| tab\there |",
      "| a |\n|---|\n|",
    ])
      expect(plainTable(source), JSON.stringify(source)).toBeNull();
  });

  it("makes exactly what the parser makes, for every table it takes (random cells, every risky character)", () => {
    const prng = new Prng(20261208);
    const alphabet = [..."abcXY 12 .,;!?'\"()-+=#*`/%$^{}|éü日\u00a0\u3000", "🎉", "**", "*", "`", "``", " *", "* ", "|", "  "];
    const aligns = ["---", ":--", "--:", ":-:", " - ", "-"];
    const cell = () => {
      let text = "";
      for (let i = prng.int(0, 12); i > 0; i--) text += prng.pick(alphabet);
      return text;
    };
    const row = (cells: number) => {
      let line = "|";
      for (let i = 0; i < cells; i++) line += `${cell()}|`;
      // Rows without their closing pipe, and with spaces after it.
      if (prng.int(0, 4) === 0) line = line.slice(0, -1);
      else if (prng.int(0, 4) === 0) line += "  ";
      return line;
    };
    let taken = 0;
    let emphasised = 0;
    for (let i = 0; i < 3000; i++) {
      const columns = prng.int(1, 4);
      const lines = [row(columns), `|${Array.from({ length: columns }, () => prng.pick(aligns)).join("|")}|`];
      for (let r = prng.int(0, 4); r > 0; r--) lines.push(row(prng.int(Math.max(1, columns - 1), columns + 1)));
      const source = lines.join("\n") + (prng.int(0, 2) === 0 ? "\n" : "");
      if (!plainTable(source)) continue;
      taken++;
      if (/<(em|strong)>/.test(renderToStaticMarkup(tableElements(plainTable(source)!)))) emphasised++;
      expectSame(source);
    }
    // The comparison must have had tables to compare, emphasis in some of them.
    expect(taken).toBeGreaterThan(500);
    expect(emphasised).toBeGreaterThan(50);
  });
});
