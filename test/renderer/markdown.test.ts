import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../src/renderer/src/markdown/parse-markdown";
import { parseInline, safeHref } from "../../src/renderer/src/markdown/parse-inline";

describe("inline Markdown", () => {
  it("reads code, strong, emphasis, strikethrough and links", () => {
    expect(parseInline("a **b** *c* _d_ ~~e~~ `f*g*` [h](https://x.org/a_(b))")).toEqual([
      { type: "text", text: "a " },
      { type: "strong", children: [{ type: "text", text: "b" }] },
      { type: "text", text: " " },
      { type: "em", children: [{ type: "text", text: "c" }] },
      { type: "text", text: " " },
      { type: "em", children: [{ type: "text", text: "d" }] },
      { type: "text", text: " " },
      { type: "del", children: [{ type: "text", text: "e" }] },
      { type: "text", text: " " },
      { type: "code", text: "f*g*" },
      { type: "text", text: " " },
      { type: "link", href: "https://x.org/a_(b)", children: [{ type: "text", text: "h" }] },
    ]);
  });

  it("keeps underscores inside words and unmatched markers as text", () => {
    expect(parseInline("snake_case_name and 2 * 3 and **open")).toEqual([{ type: "text", text: "snake_case_name and 2 * 3 and **open" }]);
  });

  it("links bare URLs without their trailing punctuation", () => {
    expect(parseInline("see https://example.com/x.")).toEqual([
      { type: "text", text: "see " },
      { type: "link", href: "https://example.com/x", children: [{ type: "text", text: "https://example.com/x" }] },
      { type: "text", text: "." },
    ]);
  });

  it("makes only web and mail links clickable", () => {
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("file:///etc/passwd")).toBeNull();
    expect(safeHref("mailto:a@b.c")).toBe("mailto:a@b.c");
    expect(parseInline("[x](javascript:alert(1))")).toEqual([{ type: "text", text: "x" }]);
  });

  it("turns a newline into a line break", () => {
    expect(parseInline("one\ntwo")).toEqual([{ type: "text", text: "one" }, { type: "break" }, { type: "text", text: "two" }]);
  });
});

describe("block Markdown", () => {
  it("reads headings, lists with nesting, quotes, code, tables and rules", () => {
    const blocks = parseMarkdown("# T\n\n- a\n  - b\n- c\n\n2. x\n3. y\n\n> q\n\n```ts\nlet a = 1;\n```\n\n| h | i |\n|:-|-:|\n| 1 | 2 |\n\n---");
    expect(blocks.map((b) => b.type)).toEqual(["heading", "list", "list", "quote", "code", "table", "rule"]);
    const list = blocks[1] as Extract<(typeof blocks)[number], { type: "list" }>;
    expect(list.items).toHaveLength(2);
    expect(list.items[0][1]).toMatchObject({ type: "list", items: [[{ type: "paragraph" }]] });
    expect(blocks[2]).toMatchObject({ type: "list", ordered: true, start: 2 });
    expect(blocks[4]).toEqual({ type: "code", lang: "ts", text: "let a = 1;", closed: true });
    expect(blocks[5]).toMatchObject({ type: "table", align: ["left", "right"] });
  });

  it("shows a code block that is still streaming", () => {
    expect(parseMarkdown("Here:\n```py\nprint(1)")).toEqual([
      { type: "paragraph", inlines: [{ type: "text", text: "Here:" }] },
      { type: "code", lang: "py", text: "print(1)", closed: false },
    ]);
  });

  it("keeps markup-looking text as text", () => {
    expect(parseMarkdown("<script>alert(1)</script>")).toEqual([{ type: "paragraph", inlines: [{ type: "text", text: "<script>alert(1)</script>" }] }]);
  });
});
