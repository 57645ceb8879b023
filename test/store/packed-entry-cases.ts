/**
 * Entries of every shape a history holds, and stored bodies of every shape a row may hold,
 * for the packed entry body's frozen bytes (test/fixtures/packed-entry/bodies.json): what
 * SqliteStore and PostgresStore write for each entry, and what they read back from each body.
 */
import type { EntryRecord } from "../../src/main/agent/state/history";
import { UNKNOWN_RESULT_TEXT } from "../../src/main/agent/state/history";
import { assistantEntry, isoAt, toolResultEntry, userEntry } from "./records";

const attachment = (id: string, name: string, kind: "image" | "pdf" | "text", mediaType: string, size: number) => ({ id, name, kind, mediaType, size });

/** Each entry as the Agent hands it to a store, by a name that says what it tries. */
export const PACKED_ENTRY_CASES: Record<string, EntryRecord> = {
  "user message": userEntry(0, "Plan a weekend in Lisbon"),
  "user message with attachments": {
    ...userEntry(1, "What is in these?"),
    attachments: [attachment("sha256-aa", "photo.png", "image", "image/png", 5120), attachment("sha256-bb", "plan.pdf", "pdf", "application/pdf", 80_000)],
  },
  "user answer to an ask from a tool": { ...userEntry(2, "Yes, go ahead"), answersCallId: "call_7", answersTool: "deploy" },
  "assistant text equal to its one text block": assistantEntry(3, "Lisbon has seven hills."),
  "assistant text equal to its blocks joined, with a tool call": {
    ...assistantEntry(4, "", { id: "call_1", name: "read_file", input: { path: "notes/é.txt", depth: [1, { deep: null }] } }),
    content: [
      { type: "text", text: "First I read " },
      { type: "tool_use", id: "call_1", name: "read_file", input: { path: "notes/é.txt", depth: [1, { deep: null }] } },
      { type: "text", text: "the notes." },
    ],
    text: "First I read the notes.",
  } as EntryRecord,
  "assistant with tool calls only, empty text": {
    ...assistantEntry(5, ""),
    content: [
      { type: "tool_use", id: "call_2", name: "search", input: { q: "trams" } },
      { type: "tool_use", id: "call_3", name: "search", input: { q: "ferries" } },
    ],
    stopReason: "tool_use",
  } as EntryRecord,
  "assistant with no content blocks, empty text": { ...assistantEntry(6, ""), content: [] } as EntryRecord,
  "assistant with no content blocks, some text": { ...assistantEntry(7, "Said without blocks"), content: [] } as EntryRecord,
  "assistant text different from its blocks": { ...assistantEntry(8, "A summary of the turn"), content: [{ type: "text", text: "Something else entirely" }] } as EntryRecord,
  "assistant text a prefix of its blocks joined": {
    ...assistantEntry(9, "Part one. "),
    content: [
      { type: "text", text: "Part one. " },
      { type: "text", text: "Part two." },
    ],
  } as EntryRecord,
  "assistant with thinking, usage and thinking time": {
    ...assistantEntry(10, "Porto is three hours away by train."),
    content: [
      { type: "thinking", thinking: "The person asks about distance.", signature: "sig-abc" },
      { type: "redacted_thinking", data: "opaque==" },
      { type: "text", text: "Porto is three hours away by train." },
    ],
    usage: { inputTokens: 1200, outputTokens: 40, cacheReadTokens: 1000, cacheWriteTokens: 0 },
    thinkingMs: 2350,
  } as EntryRecord,
  "assistant aborted mid-stream (partial)": { ...assistantEntry(11, "Half a sen"), partial: true, stopReason: null } as EntryRecord,
  "assistant text block whose text is not a string": { ...assistantEntry(12, "Odd"), content: [{ type: "text", text: 42 }] } as unknown as EntryRecord,
  "assistant whose content is not a list": { ...assistantEntry(13, "No list"), content: "No list" } as unknown as EntryRecord,
  "assistant with a field left undefined": { ...assistantEntry(14, "Undefined usage"), usage: undefined } as EntryRecord,
  "assistant with a non-null error": { ...assistantEntry(15, "Failed"), error: { message: "overloaded", status: 529 } } as unknown as EntryRecord,
  "assistant with no error field": (() => {
    const { error: _error, ...rest } = assistantEntry(16, "No error field");
    return rest as unknown as EntryRecord;
  })(),
  "assistant with its error undefined": { ...assistantEntry(17, "Error undefined"), error: undefined } as unknown as EntryRecord,
  "tool result": toolResultEntry(18, "call_1", "read_file", "contents of the notes"),
  "tool result with content blocks and an answer": {
    ...toolResultEntry(19, "call_4", "finish", "Done: 3 files"),
    answer: { files: 3, ok: true },
    content: [
      { type: "text", text: "Done: 3 files" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
    ],
  } as EntryRecord,
  "tool result of a killed run": { ...toolResultEntry(20, "call_5", "shell", UNKNOWN_RESULT_TEXT), status: "unknown" } as EntryRecord,
  "tool result with an error status": { ...toolResultEntry(21, "call_6", "shell", "exit code 2"), status: "error" } as EntryRecord,
  "compaction": { seq: 22, kind: "compaction", text: "Summary so far: Lisbon, trams.", at: isoAt(22), error: null, through: 21 } as EntryRecord,
  "notice with calls": {
    seq: 23,
    kind: "notice",
    text: "Some steps were not saved.",
    at: isoAt(23),
    error: null,
    calls: [{ id: "call_8", name: "write_file" }],
  } as EntryRecord,
  "error entry": { seq: 24, kind: "error", text: "RateLimitError: slow down", at: isoAt(24), error: null, name: "RateLimitError" } as EntryRecord,
  "assistant with unknown extra fields and the largest seq": {
    ...assistantEntry(0xffff_ffff, "Text \u2028 with \"quotes\", \\ and emoji 🏔️"),
    extra: [1, { nested: true }],
    zeta: "last",
  } as EntryRecord,
};

/** Stored bodies as a row may hold them (packed, whole, damaged), read as row `READ_SEQ`. */
export const READ_SEQ = 3;

export const STORED_BODY_CASES: Record<string, { kind: string; body: string }> = {
  "packed assistant": { kind: "assistant", body: '{"kind":"assistant","at":"x","content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}' },
  "whole assistant (schema 3)": { kind: "assistant", body: '{"seq":3,"kind":"assistant","text":"ab","at":"x","error":null,"content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}' },
  "packed assistant whose text is kept": { kind: "assistant", body: '{"kind":"assistant","text":"other","content":[{"type":"text","text":"a"}]}' },
  "assistant with no content": { kind: "assistant", body: '{"kind":"assistant","at":"x"}' },
  "assistant whose text block is not a string": { kind: "assistant", body: '{"kind":"assistant","content":[{"type":"text","text":7}]}' },
  "assistant with an error object": { kind: "assistant", body: '{"kind":"assistant","text":"t","content":[],"error":{"message":"m"}}' },
  "user without error": { kind: "user", body: '{"kind":"user","text":"hi","at":"x"}' },
  "user whose seq disagrees with the row": { kind: "user", body: '{"seq":9,"kind":"user","text":"hi"}' },
  "body with another kind than the row": { kind: "user", body: '{"kind":"assistant","content":[{"type":"text","text":"a"}]}' },
  "not an object: a number": { kind: "user", body: "42" },
  "not an object: a list": { kind: "user", body: "[1,2]" },
  "not an object: null": { kind: "user", body: "null" },
};
