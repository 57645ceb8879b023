/**
 * The incremental request builder gives, after every step, exactly the messages a full walk
 * of the context gives (the reference below is that walk), through user messages, tool
 * calls and results, notices, compactions, excluded ranges and a replaced history.
 */
import { describe, expect, it } from "vitest";
import { State } from "../../src/main/agent";
import { buildMessages, contextEntries, latestCompaction } from "../../src/main/agent/run/context";
import { AttachmentUnavailableError, MessageBuilder, builtMessageBuilderOf, messageBuilderOf } from "../../src/main/agent/run/message-builder";
import { appendEntry, replaceHistory } from "../../src/main/agent/state/state";
import type { NewEntry } from "../../src/main/agent/state/state";

/** The whole-context walk the builder replaced. */
function referenceMessages(state: State): any[] {
  const messages: any[] = [];
  let blocks: any[] = [];
  let open = new Set<string>();
  const flush = () => {
    if (open.size > 0 && messages.at(-1)?.role === "assistant") for (const id of open) blocks.push({ type: "tool_result", tool_use_id: id, content: "(no result was recorded for this call)", is_error: true });
    open = new Set();
    if (blocks.length === 0) return;
    messages.push({ role: "user", content: [...blocks.filter((b) => b.type === "tool_result"), ...blocks.filter((b) => b.type !== "tool_result")] });
    blocks = [];
  };
  const compaction = latestCompaction(state);
  if (compaction) blocks.push({ type: "text", text: "Summary of the conversation so far (earlier messages were condensed to save space):\n\n" + compaction.text });
  for (const entry of contextEntries(state)) {
    if (entry.kind === "user") {
      if (entry.answersTool) continue;
      if (entry.answersCallId && open.delete(entry.answersCallId)) blocks.push({ type: "tool_result", tool_use_id: entry.answersCallId, content: entry.text });
      else if (entry.text !== "") blocks.push({ type: "text", text: entry.text });
    } else if (entry.kind === "tool_result") {
      if (open.delete(entry.callId)) blocks.push({ type: "tool_result", tool_use_id: entry.callId, content: entry.text, ...(entry.status === "done" ? {} : { is_error: true }) });
      else blocks.push({ type: "text", text: `(result of an earlier ${entry.name} call ${entry.callId}: ${entry.text})` });
    } else if (entry.kind === "notice") blocks.push({ type: "text", text: `(notice: ${entry.text})` });
    else if (entry.kind === "assistant") {
      const content = entry.content.flatMap((b: any): any[] => (b.type === "text" ? (b.text ? [{ type: "text", text: b.text }] : []) : b.type === "tool_use" ? [{ type: "tool_use", id: b.id, name: b.name, input: b.input }] : []));
      if (content.length === 0) continue;
      flush();
      messages.push({ role: "assistant", content });
      open = new Set(entry.content.flatMap((b: any) => (b.type === "tool_use" ? [b.id] : [])));
    }
  }
  if (blocks.length > 0 || open.size > 0) flush();
  return messages;
}

/** A small deterministic random source. */
function random(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

function randomEntry(next: () => number, state: State, calls: string[]): NewEntry {
  const roll = next();
  if (roll < 0.25) return { kind: "user", text: `question ${state.history.length}` };
  if (roll < 0.5) {
    const id = `c${state.history.length}`;
    calls.push(id);
    return { kind: "assistant", text: "", content: [{ type: "text", text: "let me see" }, { type: "tool_use", id, name: "look", input: { n: 1 } }], stopReason: "tool_use", model: "m" };
  }
  if (roll < 0.7 && calls.length > 0) return { kind: "tool_result", callId: calls.shift()!, name: "look", status: next() < 0.8 ? "done" : "error", text: "seen" };
  if (roll < 0.8) return { kind: "assistant", text: "ok", content: [{ type: "text", text: "ok" }], stopReason: "end_turn", model: "m" };
  if (roll < 0.87) return { kind: "notice", text: "something happened" };
  if (roll < 0.92) return { kind: "error", text: "RateLimitError: slow down", name: "RateLimitError" };
  return { kind: "compaction", text: "the story so far", through: state.history.length - 1 };
}

describe("the incremental request builder", () => {
  it("equals the full walk after every step, over random histories with compactions and exclusions", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const state = new State("start");
      const calls: string[] = [];
      for (let step = 0; step < 120; step++) {
        appendEntry(state, randomEntry(next, state, calls));
        if (next() < 0.03) state.excluded.push([Math.max(1, state.history.length - 3), state.history.length - 1]);
        expect(buildMessages(state)).toEqual(referenceMessages(state));
      }
      const fresh = new MessageBuilder(state);
      fresh.consume(state);
      expect(fresh.requestMessages()).toEqual(buildMessages(state));
      // A State whose request was never built (a load, a new branch) finds its compaction without building one.
      const unbuilt = new State("start");
      replaceHistory(unbuilt, [...state.history]);
      unbuilt.excluded = state.excluded.map(([from, to]) => [from, to]);
      expect(builtMessageBuilderOf(unbuilt)).toBeNull();
      expect(latestCompaction(unbuilt)).toBe(fresh.compaction);
      expect(builtMessageBuilderOf(unbuilt)).toBeNull();
    }
  });

  it("starts over when history is replaced (a restore)", () => {
    const state = new State("first");
    appendEntry(state, { kind: "assistant", text: "a", content: [{ type: "text", text: "a" }], stopReason: "end_turn", model: "m" });
    expect(buildMessages(state)).toHaveLength(2);
    replaceHistory(state, [{ seq: 0, at: state.createdAt, kind: "user", text: "other", error: null }]);
    expect(buildMessages(state)).toEqual([{ role: "user", content: [{ type: "text", text: "other" }] }]);
  });

  it("keeps thinking blocks with their signatures, first, and skips a turn of thinking alone", () => {
    const state = new State("think");
    appendEntry(state, { kind: "assistant", text: "", content: [{ type: "thinking", thinking: "hmm", signature: "sig" }], stopReason: "max_tokens", model: "m" });
    appendEntry(state, { kind: "assistant", text: "x", content: [{ type: "thinking", thinking: "so", signature: "s2" }, { type: "redacted_thinking", data: "d" }, { type: "text", text: "x" }], stopReason: "end_turn", model: "m" });
    expect(buildMessages(state)[1]).toEqual({ role: "assistant", content: [{ type: "thinking", thinking: "so", signature: "s2" }, { type: "redacted_thinking", data: "d" }, { type: "text", text: "x" }] });
  });

  it("turns attachments into image, document and text blocks with the resolver's bytes", async () => {
    const state = new State("look", {
      attachments: [
        { id: "h1", name: "a.png", kind: "image", mediaType: "image/png", size: 3 },
        { id: "h2", name: "b.pdf", kind: "pdf", mediaType: "application/pdf", size: 3 },
        { id: "h3", name: "c.ts", kind: "text", mediaType: "text/plain", size: 5 },
      ],
    });
    const builder = messageBuilderOf(state);
    await expect(builder.resolveAttachments(undefined)).rejects.toThrow(AttachmentUnavailableError);
    const asked: string[] = [];
    await builder.resolveAttachments((ref) => (asked.push(ref.id), new TextEncoder().encode(ref.id === "h3" ? "x = 1" : "abc")));
    expect(asked).toEqual(["h1", "h2", "h3"]);
    expect(buildMessages(state)[0].content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "YWJj" } },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "YWJj" }, title: "b.pdf" },
      { type: "text", text: "File c.ts:\n\nx = 1" },
      { type: "text", text: "look" },
    ]);
    await builder.resolveAttachments(() => {
      throw new Error("must not be asked again");
    });
  });
});
