/**
 * History entries: every step of a conversation, in order. `seq` is the entry's
 * position (0, 1, 2, ...). A saved entry is plain JSON; `error` is only ever set
 * in the process that created the entry and is `null` after loading (the entry's
 * `text` keeps the error's name and message).
 */

/** Image types a tool result may hold. */
export type ToolImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** A block of a tool result, as the Messages API takes it (tools/tool-result.ts makes them). */
export type ToolResultBlock =
  | { type: "text"; text: string }
  | { type: "image"; source: { type: "base64"; media_type: ToolImageMediaType; data: string } };

/** What a tool call ended as. `unknown`: the process stopped while it ran. */
export type ToolCallStatus = "done" | "error" | "aborted" | "unknown";

/**
 * A block of a model turn, as the Messages API returns it. Text, tool calls and the model's
 * thinking are kept; thinking blocks keep their signature (redacted ones their opaque data)
 * because the API requires them back unchanged inside a tool loop.
 */
export type ContentBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: unknown }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "redacted_thinking"; data: string };

/** Tokens of one model request, as the API reports them (cache fields 0 when unused). */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the prompt cache. */
  cacheReadTokens?: number;
  /** Input tokens written to the prompt cache. */
  cacheWriteTokens?: number;
}

/**
 * A file the person attached to a message. The library keeps only this reference; the
 * bytes come from the Agent's `resolveAttachment` when a request is built.
 */
export interface AttachmentRef {
  /** The application's key for the bytes (e.g. a content hash). */
  id: string;
  /** The file's name, as shown to the person and the model. */
  name: string;
  /** image: an image block; pdf: a document block; text: the file's text in a text block. */
  kind: "image" | "pdf" | "text";
  /** e.g. "image/png", "application/pdf", "text/plain". */
  mediaType: string;
  /** Size in bytes. */
  size: number;
}

interface EntryBase {
  /** Position in history, from 0. */
  seq: number;
  /** ISO 8601 time the entry was made. */
  at: string;
  /** Human-readable text of the entry (for tool results: the result text). */
  text: string;
  /** The error object in the process that made the entry; always `null` after loading. */
  error: Error | null;
}

/** A message from the person (also the answer to an `ask`, see `answersCallId`). */
export interface UserEntry extends EntryBase {
  kind: "user";
  /** Set when this message answers the open `ask` call with this id. */
  answersCallId?: string;
  /**
   * Set (with `answersCallId`) when the question came from this tool through `askPerson`:
   * the answer goes to the tool, run again, and the tool's result is the call's result.
   */
  answersTool?: string;
  /** Files sent with this message (sent to the model before its text). */
  attachments?: AttachmentRef[];
}

/** One model turn: its text and the tool calls it made. */
export interface AssistantEntry extends EntryBase {
  kind: "assistant";
  content: ContentBlock[];
  stopReason: string | null;
  model: string;
  usage?: Usage;
  /** How long the model thought before this turn's first other block, when it thought. */
  thinkingMs?: number;
  /**
   * Set when the run was aborted while this turn streamed: `content` is what had arrived
   * (text as far as it got, thinking only once signed, no tool calls). Absent on a complete
   * turn, so entries saved before this field existed read as complete.
   */
  partial?: true;
}

/** The result of one tool call of an assistant turn. */
export interface ToolResultEntry extends EntryBase {
  kind: "tool_result";
  callId: string;
  name: string;
  status: ToolCallStatus;
  /** For an accepted `finish` call: its answer, as JSON (so a run killed right after keeps it). */
  answer?: unknown;
  /** Set when the tool returned content blocks (`toolResult`): what the model receives instead of `text`. */
  content?: ToolResultBlock[];
}

/** The model's summary replacing the context up to and including seq `through`. */
export interface CompactionEntry extends EntryBase {
  kind: "compaction";
  through: number;
}

/** Something the library tells the person and the model (e.g. missing steps after a failed save). */
export interface NoticeEntry extends EntryBase {
  kind: "notice";
  /** Tool calls that may or may not have run, when the notice is about missing steps. */
  calls?: { id: string; name: string }[];
}

/** A step that failed (a model request error, a tool crash outside a call, an abort). */
export interface ErrorEntry extends EntryBase {
  kind: "error";
  /** The error class name, e.g. "RateLimitError", kept after loading. */
  name: string;
}

export type HistoryEntry =
  | UserEntry
  | AssistantEntry
  | ToolResultEntry
  | CompactionEntry
  | NoticeEntry
  | ErrorEntry;

export type EntryKind = HistoryEntry["kind"];

/** A history entry as stored: plain JSON, `error` always null. */
export type EntryRecord = Omit<HistoryEntry, "error"> & { error: null; [key: string]: unknown };

/** The exact result text a running tool call gets when its process was killed. */
export const UNKNOWN_RESULT_TEXT =
  "(unknown: the run stopped before this result was saved, so the tool may or may not have run. Check whether it took effect before relying on it or running it again)";

/** The result text of a call closed by an abort or an error: `(aborted: AbortError)`. */
export function abortedResultText(errorName: string): string {
  return `(aborted: ${errorName})`;
}
