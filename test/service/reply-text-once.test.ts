/**
 * A model turn's words reach the window once: its view entries and its `entry` step event
 * carry `text` whole and text blocks that only say how many of its characters they hold; the
 * window gets the blocks back whole. What is saved keeps both.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationView } from "../../src/shared/view-types";
import type { EntryRecord } from "../../src/shared/wire-types";
import { contentOf, withTextOnce } from "../../src/shared/reply-text";
import { openService, type ServiceFixture } from "./helpers";

let fixture: ServiceFixture;
afterEach(async () => {
  await fixture?.close();
});

const REPLY = `A reply with its own words, ${"long enough to count ".repeat(50)}and an end.`;
const times = (json: string, words: string) => json.split(words).length - 1;

describe("a model turn's words on the wire", () => {
  it("are sent once in views and step events, and read back whole by the window", async () => {
    fixture = await openService();
    fixture.model.script({ text: REPLY, chunks: 5 });
    const { id } = await fixture.call<{ id: string }>("runs:start", { text: "Say something long" });
    await fixture.log.step(id, "run_end");

    const view = await fixture.call<ConversationView>("conversations:get", { id });
    const reply = view.entries[1];
    expect(reply.kind).toBe("assistant");
    expect(reply.text).toBe(REPLY);
    expect(times(JSON.stringify(view), REPLY)).toBe(1);
    expect(contentOf(reply)).toEqual([{ type: "text", text: REPLY }]);

    // A page of older entries is sent as stored; the window reads it the same way.
    const page = await fixture.call<{ entries: EntryRecord[] }>("conversations:entries", { id, beforeSeq: 2, limit: 2 });
    expect(page.entries[1].content).toEqual([{ type: "text", text: REPLY }]);
    expect(contentOf(page.entries[1])).toEqual([{ type: "text", text: REPLY }]);

    const announced = fixture.log.steps(id, "entry").map((e) => e.entry as EntryRecord).find((e) => e.kind === "assistant")!;
    expect(times(JSON.stringify(announced), REPLY)).toBe(1);
    expect(contentOf(announced)).toEqual([{ type: "text", text: REPLY }]);
  });

  it("keep every other block as it is, and a turn whose blocks are not its text whole", () => {
    const content = [
      { type: "thinking", thinking: "Let me see.", signature: "s" },
      { type: "text", text: "First part. " },
      { type: "tool_use", id: "t1", name: "search", input: { q: "x" } },
      { type: "text", text: "Second part.", citations: null },
    ];
    const entry = { seq: 3, at: "2026-01-01T00:00:00Z", kind: "assistant", text: "First part. Second part.", error: null, content } as EntryRecord;
    const sent = withTextOnce(entry);
    expect(JSON.stringify(sent).split("First part.").length - 1).toBe(1);
    expect(sent.content).toEqual([content[0], { type: "text", chars: 12 }, content[2], { type: "text", chars: 12, citations: null }]);
    expect(contentOf(JSON.parse(JSON.stringify(sent)))).toEqual(content);
    // Blocks that do not make up the text (never written so, but read with a check): sent whole.
    const odd = { ...entry, text: "Something else" };
    expect(withTextOnce(odd)).toBe(odd);
    expect(contentOf(odd)).toEqual(content);
    const user = { ...entry, kind: "user" } as EntryRecord;
    expect(withTextOnce(user)).toBe(user);
  });
});
