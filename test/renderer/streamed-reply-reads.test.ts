/**
 * A long reply streamed through the window's store and its streaming Markdown view reads, at
 * each frame, the new words and the part still growing: never the whole reply. (A frame that
 * read the whole reply made a flat copy of it; past 128 KB each copy is a large object, and
 * freeing dozens of them at once made one frame of a 200 KB reply take 70 ms.)
 *
 * Counted, not timed: while a frame's work runs, every string method call records the length
 * of the string it is called on (a read or copy of that string, for all the test can tell).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { StepEvent } from "../../src/shared/wire-types";
import { idleRun, reduceLiveRun, type LiveRun } from "../../src/renderer/src/store/live-run";
import { growingPart, NOTHING_SETTLED, settle, type Settled } from "../../src/renderer/src/markdown/settled-blocks";
import { openCodeText, READ_WINDOW } from "../../src/renderer/src/markdown/open-code";
import { splitBlocks } from "../../src/renderer/src/markdown/settled-prefix";
import { textSlice, wholeText } from "../../src/renderer/src/lib/streamed-text";

const SIZE = 200_000;
const fill = (unit: string, chars = SIZE) => unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
const prose = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} says ${"some plain words ".repeat(i % 7 + 2)}and *more*.`).join("\n\n");
const line = "const saved = await store.write(id, entries, snapshot);\n";
const inner = "```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nA line between the blocks.\n\n";
const REPLIES: Record<string, string> = {
  ordinary: fill(`${prose}\n\n- a list item\n- another\n\n\`\`\`ts\n${line.repeat(3)}\`\`\`\n\n`),
  underscores: fill("_a "),
  table: `| Name | Value | Note |\n|---|---:|---|\n${fill("| a row | 1234 | some *words* here |\n", SIZE - 40)}`,
  code: `\`\`\`ts\n${fill(line, SIZE - 12)}\n\`\`\`\n`,
  unclosedFence: `Here it is:\n\n\`\`\`ts\n${fill(line, SIZE - 20)}`,
  nestedFences: `\`\`\`\`md\n${fill(inner, SIZE - 12)}\n\`\`\`\`\n`,
  paragraph: fill("one long paragraph of words without any empty line "),
};

/** Every string method: what a frame calls them on is counted (RegExp's take the string as argument). */
const STRING_METHODS = Object.getOwnPropertyNames(String.prototype).filter(
  (name) => name !== "constructor" && name !== "length" && name !== "toString" && name !== "valueOf" && typeof (String.prototype as any)[name] === "function",
);
const REGEXP_METHODS = ["exec", "test"];
const restores: Array<() => void> = [];
let counting: { largest: number; total: number } | null = null;

function count(value: unknown): void {
  if (counting && typeof value === "string") {
    counting.largest = Math.max(counting.largest, value.length);
    counting.total += value.length;
  }
}

function instrument(): void {
  for (const name of STRING_METHODS) {
    const original = (String.prototype as any)[name];
    (String.prototype as any)[name] = function (this: string, ...args: unknown[]) {
      count(String(this));
      return original.apply(this, args);
    };
    restores.push(() => ((String.prototype as any)[name] = original));
  }
  for (const name of REGEXP_METHODS) {
    const original = (RegExp.prototype as any)[name];
    (RegExp.prototype as any)[name] = function (this: RegExp, input: unknown) {
      count(input);
      return original.call(this, input);
    };
    restores.push(() => ((RegExp.prototype as any)[name] = original));
  }
}

afterEach(() => {
  while (restores.length) restores.pop()!();
  counting = null;
});

interface Frame {
  /** How long the reply was at this frame, and the longest / all strings the frame's work read. */
  length: number;
  largest: number;
  total: number;
}

/**
 * `reply` streamed 40 characters at a time, 8 deltas a frame (gathered into one, as the store's
 * stream batching does), through the store's reducer and the streaming view.
 */
function streamThroughWindow(reply: string): { frames: Frame[]; settled: Settled; run: LiveRun } {
  let run = reduceLiveRun(reduceLiveRun(idleRun, { type: "run_start", stateId: "s" }), { type: "think_start", stateId: "s", step: 1 });
  let settled = NOTHING_SETTLED;
  const frames: Frame[] = [];
  const frame = (words: string) => {
    counting = { largest: 0, total: 0 };
    if (words) run = reduceLiveRun(run, { type: "text_delta", stateId: "s", text: words });
    // What StreamingMarkdown does with the store's text at a frame (and again while it is behind).
    settled = settle(run.stream, settled);
    const growing = growingPart(settled);
    if (growing && "code" in growing) void [...growing.code.groups, growing.code.last];
    frames.push({ length: run.stream.length, ...counting });
    counting = null;
  };
  let pending: string[] = [];
  for (let at = 0; at < reply.length; at += 40) {
    pending.push(reply.slice(at, at + 40));
    if (pending.length < 8) continue;
    frame(pending.join(""));
    pending = [];
  }
  frame(pending.join(""));
  while (settled.behind) frame("");
  return { frames, settled, run };
}

describe("a long reply streamed into the window", () => {
  for (const [kind, reply] of Object.entries(REPLIES)) {
    it(`reads at each frame the new words and the growing part, never the whole reply (${kind})`, () => {
      instrument();
      const { frames, settled, run } = streamThroughWindow(reply);
      restores.splice(0).reverse().forEach((restore) => restore());

      // All of it is shown: the settled blocks are the finished reply's blocks, then the growing part.
      expect(wholeText(run.stream)).toBe(reply);
      const shown = settled.blocks.join("") + (settled.openCode ? "" : settled.growing);
      expect(reply.startsWith(shown)).toBe(true);
      if (settled.openCode) expect(reply.endsWith(openCodeText(settled.openCode))).toBe(true);
      else expect(shown).toBe(reply);
      expect(settled.blocks).toEqual(splitBlocks(reply).slice(0, settled.blocks.length));

      // No frame reads a string much longer than one window of the reply, however long the reply grew.
      const late = frames.filter((f) => f.length > SIZE / 2);
      expect(late.length).toBeGreaterThan(100);
      const largest = Math.max(...frames.map((f) => f.largest));
      expect(largest).toBeLessThanOrEqual(2 * READ_WINDOW);
      // And a frame of the second half reads no more than one of the first half's last quarter did.
      const average = (list: Frame[]) => list.reduce((sum, f) => sum + f.total, 0) / list.length;
      const early = frames.filter((f) => f.length > SIZE / 4 && f.length <= SIZE / 2);
      expect(average(late)).toBeLessThanOrEqual(1.25 * average(early));
    });
  }

  it("keeps the words in pieces that join to the reply, and drops them when the saved reply comes or the request fails", () => {
    const words = fill("Words of a long reply, and more of them. ", 70_000);
    let run = reduceLiveRun(idleRun, { type: "run_start", stateId: "s" });
    run = reduceLiveRun(run, { type: "think_start", stateId: "s", step: 1 });
    for (let at = 0; at < words.length; at += 999) run = reduceLiveRun(run, { type: "text_delta", stateId: "s", text: words.slice(at, at + 999) });
    expect(run.stream.pieces.length).toBeGreaterThan(2);
    expect(wholeText(run.stream)).toBe(words);
    expect(textSlice(run.stream, 16_000, 50_123)).toBe(words.slice(16_000, 50_123));
    // The words shown are kept while the request goes on, dropped when it failed...
    expect(reduceLiveRun(run, { type: "think_end", stateId: "s", ok: true } as StepEvent).stream).toBe(run.stream);
    expect(reduceLiveRun(run, { type: "think_end", stateId: "s", ok: false } as StepEvent).stream.length).toBe(0);
    // ...and give way to the saved reply, which holds them whole.
    const entry = { seq: 1, kind: "assistant", text: words, content: [{ type: "text", text: words }] };
    expect(reduceLiveRun(run, { type: "entry", stateId: "s", entry } as never).stream.length).toBe(0);
    // The next request's words are another reply: a view does not take them as more of this one.
    const next = reduceLiveRun(reduceLiveRun(run, { type: "think_start", stateId: "s", step: 2 }), { type: "text_delta", stateId: "s", text: "New." });
    expect(next.stream.id).not.toBe(run.stream.id);
    expect(settle(next.stream, settle(run.stream, NOTHING_SETTLED, Number.POSITIVE_INFINITY)).growing).toBe("New.");
  });
});
