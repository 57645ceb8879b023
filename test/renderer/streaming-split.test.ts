/**
 * The split of a reply being written into settled blocks (rendered once each) and the part
 * still growing (rendered again at each frame). Two defects of the first splitter: it ignored
 * a code fence's length and character, and a block without an empty line (openers without
 * closers, `_a _a _a ...`) stayed growing to its end, re-read at every frame.
 */
import { describe, expect, it } from "vitest";
import { GROWING_LIMIT, splitBlocks, TABLE_GROWING_LIMIT } from "../../src/renderer/src/markdown/settled-prefix";
import { NOTHING_SETTLED, settle } from "../../src/renderer/src/markdown/settled-blocks";
import { streamedText } from "../../src/renderer/src/lib/streamed-text";

/** The length of the settled part of `text`, a reply still being written, taken in at once. */
const settledLength = (text: string) => settle(streamedText(text), NOTHING_SETTLED, Number.POSITIVE_INFINITY).length;

/** The settled lengths seen when `text` arrives `step` characters at a time. */
function streamed(text: string, step: number): { splits: number[]; largestGrowing: number } {
  const splits: number[] = [];
  let largestGrowing = 0;
  for (let end = step; end < text.length + step; end += step) {
    const shown = text.slice(0, Math.min(end, text.length));
    const split = settledLength(shown);
    splits.push(split);
    largestGrowing = Math.max(largestGrowing, shown.length - split);
  }
  return { splits, largestGrowing };
}

describe("the settled part of a reply being written", () => {
  it("keeps a ```` block that shows a ``` block whole: a shorter fence does not close it", () => {
    const text = "Here is how to quote code:\n\n````md\nWrite this:\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nand more.\n````\n\nAfter.";
    for (const cut of [60, 75, 90, 100]) {
      const shown = text.slice(0, cut);
      // Until the ```` closes, everything from it on is still growing.
      expect(shown.slice(0, settledLength(shown))).toBe("Here is how to quote code:\n\n");
    }
    expect(text.slice(settledLength(text)).trim()).toBe("After.");
  });

  it("does not close a ~~~ fence with ``` nor a ``` fence with ~~~", () => {
    const tilde = "Intro.\n\n~~~\none\n```\n\ntwo";
    expect(tilde.slice(0, settledLength(tilde))).toBe("Intro.\n\n");
    const ticks = "Intro.\n\n```\none\n~~~\n\ntwo";
    expect(ticks.slice(0, settledLength(ticks))).toBe("Intro.\n\n");
    // A closing fence is at least as long as the opening one, and has no info string.
    const info = "Intro.\n\n```\none\n```js\n\ntwo";
    expect(info.slice(0, settledLength(info))).toBe("Intro.\n\n");
  });

  it("keeps the growing part small for openers without closers, so a frame never reads the whole reply", () => {
    for (const text of ["_a ".repeat(4096), "**a ".repeat(3000), "[a ".repeat(4000), "`a ".repeat(4000)]) {
      const { largestGrowing } = streamed(text, 97);
      expect(largestGrowing).toBeLessThanOrEqual(GROWING_LIMIT + 97);
    }
  });

  it("settles a long list or paragraph at line starts, and only moves forward", () => {
    const list = Array.from({ length: 800 }, (_, i) => `- item ${i} with some words`).join("\n");
    const { splits, largestGrowing } = streamed(list, 40);
    expect(largestGrowing).toBeLessThanOrEqual(GROWING_LIMIT + 40);
    for (let i = 1; i < splits.length; i++) expect(splits[i]).toBeGreaterThanOrEqual(splits[i - 1]);
    for (const split of splits) if (split > 0) expect(list.slice(split).startsWith("- item")).toBe(true);
  });

  it("cuts a long table sooner than prose, at row starts after its head: its rows cost the most per character", () => {
    const table = `| Name | Value | Note |\n|---|---:|---|\n${"| a row | 1234 | some *words* here |\n".repeat(400)}`;
    const { splits, largestGrowing } = streamed(table, 40);
    expect(largestGrowing).toBeLessThanOrEqual(TABLE_GROWING_LIMIT + 40);
    expect(TABLE_GROWING_LIMIT).toBeLessThan(GROWING_LIMIT);
    for (const split of splits) if (split > 0) expect(table.slice(split).startsWith("| a row")).toBe(true);
    const blocks = splitBlocks(table);
    expect(blocks.join("")).toBe(table);
    expect(blocks[0].startsWith("| Name | Value | Note |\n|---|---:|---|\n| a row")).toBe(true);
    for (const block of blocks) expect(block.length).toBeLessThanOrEqual(TABLE_GROWING_LIMIT + 1);
    // Prose keeps the longer limit.
    const list = Array.from({ length: 200 }, (_, i) => `- item ${i} with some words`).join("\n");
    expect(Math.max(...splitBlocks(list).map((block) => block.length))).toBeGreaterThan(TABLE_GROWING_LIMIT + 1);
  });

  it("cuts the same blocks while streaming as in the finished reply, whatever the frames", () => {
    const text = [
      "# Plan",
      "Some **bold** words.",
      "- a\n- b",
      "```sh\nls\n\nls -la\n```",
      "_a ".repeat(2000),
      Array.from({ length: 300 }, (_, i) => `${i + 1}. step ${i}`).join("\n"),
      "Last words.",
    ].join("\n\n");
    const finished = splitBlocks(text);
    expect(finished.join("")).toBe(text);
    for (const step of [7, 64, 500]) {
      const seen = new Set<number>();
      for (const split of streamed(text, step).splits) seen.add(split);
      let at = 0;
      const ends = new Set(finished.map((block) => (at += block.length)));
      for (const split of seen) if (split > 0) expect(ends.has(split), `split at ${split} with steps of ${step}`).toBe(true);
    }
  });
});
