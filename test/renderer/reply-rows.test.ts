/**
 * A reply streamed in the window keeps its row when it is saved: the saved reply's row takes the
 * streamed row's key, and its blocks are the ones rendered while it streamed (the same objects),
 * cut as a finished reply is cut.
 */
import { describe, expect, it } from "vitest";
import { finishedViews, NOTHING_SETTLED, settle, type Settled } from "../../src/renderer/src/markdown/settled-blocks";
import { splitBlocks } from "../../src/renderer/src/markdown/settled-prefix";
import { viewsOf } from "../../src/renderer/src/markdown/block-views";
import { appendText, NO_TEXT, streamedText, type StreamedText } from "../../src/renderer/src/lib/streamed-text";
import { replyRowKey, replyTakingRow, withReplyRowKeys } from "../../src/renderer/src/store/reply-rows";
import { idleRun, reduceLiveRun, type LiveRun } from "../../src/renderer/src/store/live-run";
import { buildDisplayItems } from "../../src/renderer/src/store/display-items";
import type { HistoryEntryView } from "../../src/shared/view-types";
import { Prng } from "../../torture/prng";

const PARTS = [
  () => "A paragraph with *some* words and `code`.",
  () => "| a | b |\n| - | - |\n" + Array.from({ length: 40 }, (_, i) => `| ${i} | row ${i} |`).join("\n"),
  () => "```ts\nconst a = 1;\n\nconst b = 2;\n```",
  () => "````md\n```ts\nquoted\n```\n````",
  () => "- one\n- two\n  - three\n- four",
  () => "# A heading",
  () => "_a ".repeat(700),
  () => "word ".repeat(500),
];

function reply(random: Prng): string {
  const parts: string[] = [];
  const n = random.int(5, 34);
  for (let i = 0; i < n; i++) parts.push(random.pick(PARTS)());
  return parts.join(random.chance(0.8) ? "\n\n" : "\n");
}

/** `text` streamed in pieces of random length, settled at each frame as the window does. */
function streamedSettle(text: string, random: Prng): Settled {
  let stream: StreamedText = NO_TEXT;
  let settled: Settled = NOTHING_SETTLED;
  while (stream.length < text.length) {
    stream = appendText(stream, text.slice(stream.length, stream.length + random.int(1, 400)));
    settled = settle(stream, settled);
  }
  for (let frame = 0; settled.behind && frame < 1_000; frame++) settled = settle(stream, settled);
  return settled;
}

describe("a streamed reply's blocks, once it is finished", () => {
  it("are the blocks it streamed in (the same objects), cut as a finished reply is cut: 200 seeds", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = new Prng(seed);
      const text = reply(random);
      const settled = streamedSettle(text, random);
      const views = finishedViews(text, settled);
      expect(views.map((v) => v.source), `seed ${seed}`).toEqual(viewsOf(splitBlocks(text)).map((v) => v.source));
      expect(views.map((v) => v.continuesTable), `seed ${seed}`).toEqual(viewsOf(splitBlocks(text)).map((v) => v.continuesTable));
      // Every block settled while streaming is kept as it was rendered.
      settled.views.forEach((view, i) => expect(views[i], `seed ${seed}, block ${i}`).toBe(view));
    }
  });

  it("are cut afresh after the first block that differs from what streamed", () => {
    const settled = streamedSettle("First.\n\nSecond.\n\nThird and more", new Prng(7));
    expect(settled.blocks.length).toBe(2);
    const views = finishedViews("First.\n\nChanged.\n\nThird", settled);
    expect(views.map((v) => v.source)).toEqual(["First.\n\n", "Changed.\n\n", "Third"]);
    expect(views[0]).toBe(settled.views[0]);
    expect(finishedViews("Other", settled).map((v) => v.source)).toEqual(["Other"]);
    expect(finishedViews("A finished text\n\nshown afresh", NOTHING_SETTLED).map((v) => v.source)).toEqual(["A finished text\n\n", "shown afresh"]);
  });
});

const user = (seq: number, text: string): HistoryEntryView => ({ seq, kind: "user", text, at: "2026-12-02T10:00:00Z" }) as unknown as HistoryEntryView;
const assistant = (seq: number, content: unknown[]): HistoryEntryView => ({ seq, kind: "assistant", text: "", content, at: "2026-12-02T10:00:01Z" }) as unknown as HistoryEntryView;

describe("the row a saved reply takes", () => {
  it("is the streamed reply's, when its entry comes while its words are shown", () => {
    const streaming: LiveRun = reduceLiveRun(reduceLiveRun(idleRun, { type: "run_start", stateId: "s" } as never), { type: "text_delta", stateId: "s", text: "Hello" } as never);
    const key = replyRowKey(streaming.stream);
    expect(key).toMatch(/^r\d+$/);
    const entry = { type: "entry", stateId: "s", entry: assistant(3, [{ type: "text", text: "Hello" }]) } as never;
    expect(replyTakingRow(streaming, entry)).toEqual({ seq: 3, key });
    // Not for another entry, nor without words on screen (the row had none, or they were dropped).
    expect(replyTakingRow(streaming, { type: "entry", stateId: "s", entry: user(4, "Hi") } as never)).toBeNull();
    expect(replyTakingRow(idleRun, entry)).toBeNull();
    expect(replyTakingRow(undefined, entry)).toBeNull();
    expect(replyTakingRow(streaming, { type: "think_end", stateId: "s", ok: false } as never)).toBeNull();
    // Another reply streamed after it has another row.
    const next = reduceLiveRun(reduceLiveRun(reduceLiveRun(streaming, entry), { type: "think_start", stateId: "s", step: 2 } as never), { type: "text_delta", stateId: "s", text: "Again" } as never);
    expect(replyRowKey(next.stream)).not.toBe(key);
    expect(replyRowKey(streamedText(""))).toBeNull();
  });

  it("goes to the reply's last text row, whatever rows its entry also shows, and to no other", () => {
    const items = buildDisplayItems([
      user(0, "Question"),
      assistant(1, [{ type: "text", text: "Earlier" }]),
      user(2, "Again"),
      assistant(3, [
        { type: "thinking", thinking: "Hmm", signature: "x" },
        { type: "text", text: "The answer" },
        { type: "tool_use", id: "t1", name: "read", input: {} },
      ]),
    ]);
    const renamed = withReplyRowKeys(items, { 3: "r9" });
    expect(renamed.map((item) => item.key)).toEqual(["u0", "a1.0", "u2", "a3.0", "r9", "a3.2"]);
    expect(renamed[4]).toMatchObject({ kind: "assistant", text: "The answer" });
    expect(items.map((item) => item.key)).toEqual(["u0", "a1.0", "u2", "a3.0", "a3.1", "a3.2"]);
    expect(withReplyRowKeys(items, {})).toBe(items);
    // A seq that is not loaded, or holds no reply text, renames nothing.
    expect(withReplyRowKeys(items, { 7: "r1", 2: "r2" })).toBe(items);
    expect(withReplyRowKeys(items, { 1: "r3", 3: "r4" }).map((item) => item.key)).toEqual(["u0", "r3", "u2", "a3.0", "r4", "a3.2"]);
  });
});
