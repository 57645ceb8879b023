/**
 * A reply being written is taken in block by block, frame by frame: blocks that settled while
 * the window was behind come in a few KB per frame, and a code block still open is not read
 * again from its start at each frame.
 */
import { describe, expect, it } from "vitest";
import { NOTHING_SETTLED, settle, SETTLE_BUDGET, type Settled } from "../../src/renderer/src/markdown/settled-blocks";
import { splitBlocks } from "../../src/renderer/src/markdown/settled-prefix";
import { openCodeText, READ_WINDOW } from "../../src/renderer/src/markdown/open-code";
import { appendText, streamedText, textSlice } from "../../src/renderer/src/lib/streamed-text";

const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i}: ${"some words ".repeat(40)}`).join("\n\n");

describe("the settled blocks of a reply being written", () => {
  it("takes in a burst of words a few KB per frame, in order, until it has caught up", () => {
    const text = `${paragraphs(60)}\n\nThe last words`;
    const first = streamedText("Paragraph 0: some");
    const whole = appendText(first, text.slice(first.length));
    let settled = settle(first, NOTHING_SETTLED);
    expect(settled.length).toBe(0);
    const steps: number[] = [];
    for (let frame = 0; frame < 100; frame++) {
      const next = settle(whole, settled);
      steps.push(next.length - settled.length);
      expect(next.blocks.slice(0, settled.blocks.length)).toEqual(settled.blocks);
      settled = next;
      if (!settled.behind) break;
    }
    // 60 paragraphs of ~450 characters: more than one frame's budget, so several frames, none over it.
    expect(steps.length).toBeGreaterThan(5);
    for (const step of steps) expect(step).toBeLessThanOrEqual(SETTLE_BUDGET);
    // Caught up: every block but the growing last one, cut as the finished reply is.
    expect(settled.blocks).toEqual(splitBlocks(text).slice(0, -1));
    expect(text.slice(settled.length)).toBe("The last words");
    expect(settled.growing).toBe("The last words");
  });

  it("takes in a long block that came at once over a few frames, each reading a window of it", () => {
    const code = `\`\`\`ts\n${"const a = 1;\n".repeat(4_000)}\`\`\`\n\nAfter.`;
    const stream = streamedText(code);
    let settled = settle(stream, NOTHING_SETTLED);
    let frames = 1;
    for (; settled.behind && frames < 100; frames++) {
      // Meanwhile the code read so far is shown as it comes.
      expect(code.startsWith(`\`\`\`ts\n${openCodeText(settled.openCode!)}`)).toBe(true);
      settled = settle(stream, settled);
    }
    expect(settled.blocks).toEqual([code.slice(0, code.indexOf("\n\nAfter.") + 1)]);
    expect(frames).toBeGreaterThan(1);
    expect(frames).toBeLessThanOrEqual(Math.ceil(code.length / READ_WINDOW) + 1);
  });

  it("reads an open code block from its last line on, and still sees it close across frames", () => {
    const text = `Intro.\n\n\`\`\`\`md\n${"```ts\nconst a = 1;\n```\n\n".repeat(200)}\`\`\`\`\n\nAfter it.`;
    const codeStart = text.indexOf("````md\n") + "````md\n".length;
    let settled: Settled = NOTHING_SETTLED;
    let stream = streamedText("");
    for (let end = 1; end <= text.length; end += 13) {
      stream = appendText(stream, text.slice(stream.length, end));
      const shown = textSlice(stream, 0);
      settled = settle(stream, settled);
      const fresh = settle(streamedText(shown), NOTHING_SETTLED, Number.POSITIVE_INFINITY);
      expect([settled.length, settled.openCode && openCodeText(settled.openCode)]).toEqual([fresh.length, fresh.openCode && openCodeText(fresh.openCode)]);
      if (settled.openCode) {
        expect(settled.openCode.lang).toBe("md");
        expect(openCodeText(settled.openCode)).toBe(shown.slice(codeStart));
        expect(settled.openCode.fenceFrom).toBe(shown.lastIndexOf("\n") + 1);
      }
    }
    settled = settle(stream, settled);
    expect(settled.blocks).toEqual(splitBlocks(text).slice(0, -1));
    expect(settled.openCode).toBeNull();
  });

  it("follows an open code block of long lines, one longer than a frame's window, in groups that join to the code", () => {
    const code = `${"x".repeat(40_000)}\n${"a line of code\n".repeat(100)}${"y = 1;\n".repeat(3)}`;
    const text = `\`\`\`js\n${code}`;
    let stream = streamedText("");
    let settled: Settled = NOTHING_SETTLED;
    for (let end = 0; end < text.length; ) {
      end = Math.min(text.length, end + 3_000);
      stream = appendText(stream, text.slice(stream.length, end));
      settled = settle(stream, settled);
    }
    while (settled.behind) settled = settle(stream, settled);
    const open = settled.openCode!;
    expect(openCodeText(open)).toBe(code);
    // The long line is a group of its own; the groups after it are cut by lines.
    expect(open.groups[0]).toBe(`${"x".repeat(40_000)}\n`);
    expect(open.groups.length).toBeGreaterThan(1);
    settled = settle(appendText(stream, "```\nAfter."), settled);
    expect(settled.blocks).toEqual([`${text}\`\`\`\n`]);
    expect(settled.growing).toBe("After.");
  });
});
