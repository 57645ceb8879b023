/**
 * Long code blocks are shown without Markdown's parser and in groups of lines: what a block
 * holds is read from its fences (length and character), and the groups, joined, are the code.
 */
import { describe, expect, it } from "vitest";
import { fencedCode } from "../../src/renderer/src/markdown/fences";
import { CODE_GROUP_LINES, lineGroups } from "../../src/renderer/src/markdown/line-groups";
import { splitBlocks } from "../../src/renderer/src/markdown/settled-prefix";

describe("a block that is one fenced code block", () => {
  it("gives its language and code, without the fences", () => {
    expect(fencedCode("```ts\nconst a = 1;\n```\n", true)).toEqual({ lang: "ts", code: "const a = 1;\n", closed: true });
    expect(fencedCode("\n\n~~~~ py extra\nx = 1\n\n~~~~", true)).toEqual({ lang: "py", code: "x = 1\n\n", closed: true });
    expect(fencedCode("```\n```\n", true)).toEqual({ lang: "", code: "", closed: true });
  });

  it("is closed only by a fence of its character, at least as long", () => {
    const nested = "````md\n```ts\nconst a = 1;\n```\n~~~~\n````\n";
    expect(fencedCode(nested, true)).toEqual({ lang: "md", code: "```ts\nconst a = 1;\n```\n~~~~\n", closed: true });
    expect(fencedCode("````md\n```ts\nconst a = 1;\n```\n", false)).toEqual({ lang: "md", code: "```ts\nconst a = 1;\n```\n", closed: false });
  });

  it("is still open while being written, and open to its end once finished without a closing fence", () => {
    expect(fencedCode("```ts\nlet a", false)).toEqual({ lang: "ts", code: "let a", closed: false });
    expect(fencedCode("```ts\nlet a\nlet b", true)).toEqual({ lang: "ts", code: "let a\nlet b", closed: false });
    // The opening line itself may still grow: not known yet.
    expect(fencedCode("```t", false)).toBeNull();
  });

  it("is not one when the block holds anything else, or opens with no fence", () => {
    expect(fencedCode("```ts\na\n```\nAfter.", true)).toBeNull();
    expect(fencedCode("Text\n```ts\na\n```\n", true)).toBeNull();
    expect(fencedCode("``not a fence``", true)).toBeNull();
  });

  it("is what the finished split gives for a long unclosed fence and a long nested one", () => {
    const lines = "const saved = 1;\n".repeat(3000);
    const blocks = splitBlocks(`Here:\n\n\`\`\`ts\n${lines}`);
    expect(blocks.length).toBe(2);
    expect(fencedCode(blocks[1], true)).toEqual({ lang: "ts", code: lines, closed: false });
    const inner = "```ts\nconst a = 1;\n```\n\ntext\n\n".repeat(500);
    const nested = splitBlocks(`\`\`\`\`md\n${inner}\`\`\`\`\nAfter.`);
    expect(nested.length).toBe(2);
    expect(fencedCode(nested[0], true)?.code).toBe(inner);
  });
});

describe("lines of code in groups", () => {
  it("cuts after every group of lines and gives the code back whole when joined", () => {
    const code = Array.from({ length: 200 }, (_, i) => `line ${i}`).join("\n");
    const groups = lineGroups(code);
    expect(groups.join("")).toBe(code);
    expect(groups.length).toBe(Math.ceil(200 / CODE_GROUP_LINES));
    for (const group of groups.slice(0, -1)) expect(group.split("\n").length - 1).toBe(CODE_GROUP_LINES);
  });

  it("keeps the earlier groups the same as the code grows, so only the last one changes", () => {
    const code = "x\n".repeat(CODE_GROUP_LINES * 2) + "partial";
    const before = lineGroups(code);
    const after = lineGroups(code + " line\nnext");
    expect(after.slice(0, before.length - 1)).toEqual(before.slice(0, -1));
    expect(lineGroups("")).toEqual([""]);
    expect(lineGroups("x\n".repeat(CODE_GROUP_LINES))).toEqual(["x\n".repeat(CODE_GROUP_LINES)]);
  });
});
