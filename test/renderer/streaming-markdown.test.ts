import { describe, expect, it } from "vitest";
import { settledLength } from "../../src/renderer/src/markdown/settled-prefix";
import { parseMarkdown } from "../../src/renderer/src/markdown/parse-markdown";

describe("a reply being written", () => {
  it("is settled up to its last empty line", () => {
    expect(settledLength("one paragraph still going")).toBe(0);
    const text = "First.\n\nSecond.\n\nThird, still";
    expect(text.slice(settledLength(text))).toBe("Third, still");
  });

  it("is never split inside a code fence, closed or still open", () => {
    const open = "Intro.\n\n```ts\nconst a = 1;\n\nconst b = 2;";
    expect(open.slice(0, settledLength(open))).toBe("Intro.\n\n");
    const closed = "Intro.\n\n```\nx\n\ny\n```\nAfter the code";
    expect(closed.slice(0, settledLength(closed))).toBe("Intro.\n\n");
    const later = `${closed}\n\nLast words`;
    expect(later.slice(settledLength(later))).toBe("Last words");
  });

  it("shows the same blocks in two parts as in one", () => {
    const text = "# Plan\n\nSome **bold** words.\n\n- a\n- b\n\n```sh\nls\n```\n\nStill writ";
    const split = settledLength(text);
    expect([...parseMarkdown(text.slice(0, split)), ...parseMarkdown(text.slice(split))]).toEqual(parseMarkdown(text));
  });
});
