import { describe, expect, it } from "vitest";
import { estimateRowHeight, wrappedLines } from "../../src/renderer/src/lib/list-layout/estimate-row-height";

describe("a row's guessed height", () => {
  it("counts each line, a long one as the lines it wraps to, an empty one as one", () => {
    expect(wrappedLines("", 100)).toBe(1);
    expect(wrappedLines("one", 100)).toBe(1);
    expect(wrappedLines("one\n", 100)).toBe(2);
    expect(wrappedLines("a\n\nb", 100)).toBe(3);
    expect(wrappedLines("x".repeat(250), 100)).toBe(3);
    expect(wrappedLines(`${"x".repeat(100)}\n${"y".repeat(101)}`, 100)).toBe(3);
  });

  it("gives a reply its lines and a margin per paragraph", () => {
    const reply = (text: string) => estimateRowHeight({ kind: "assistant", key: "a1.0", seq: 1, text, at: "" });
    const line = 22.4;
    expect(reply("One line.")).toBeCloseTo(14 + line);
    expect(reply("First.\n\nSecond.\n \nThird.\n")).toBeCloseTo(14 + 5 * line + 2 * 0.75 * 14);
    expect(reply("x".repeat(200_000))).toBeCloseTo(14 + 2_000 * line);
  });
});
