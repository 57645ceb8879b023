/**
 * What a run looks like on the wire to the window: history entries as stored (plain JSON)
 * and the step events a run streams. Defined here, not imported from the agent library,
 * so the window and the contract never reach into main; the service layer proves at
 * compile time that the library's types still fit these (src/main/service/wire-agreement.ts).
 */

/** How a conversation's last run stopped; `null` while it runs or before it ever ran. */
export type StoppedBy = "end_turn" | "finish" | "ask" | "max_steps" | "error" | "aborted" | null;

/** What a tool call ended as. `unknown`: the process stopped while it ran. */
export type ToolCallStatus = "done" | "error" | "aborted" | "unknown";

export type EntryKind = "user" | "assistant" | "tool_result" | "compaction" | "notice" | "error";

/**
 * One history entry as stored and sent: `seq` is its position (0, 1, 2, ...), `error` is
 * always null, and the fields of its kind (`content` of a model turn, `callId` and
 * `status` of a tool result, ...) come as plain JSON, read with a check. In a view and a step
 * event, a model turn's text blocks point into its `text` (see reply-text.ts: read them with
 * `contentOf`).
 */
export interface EntryRecord {
  seq: number;
  /** ISO 8601 time the entry was made. */
  at: string;
  kind: EntryKind;
  /** Human-readable text of the entry (for tool results: the result text). */
  text: string;
  error: null;
  [key: string]: unknown;
}

/** Where in a run a save happened (reported with each `save` step event). */
export type SavePoint =
  | "run_start"
  | "before_think"
  | "after_think"
  | "tool_result"
  | "after_use_tools"
  | "after_compact"
  | "before_answered_call"
  | "run_end"
  | "explicit";

/** A step of a run, as the window hears of it. */
export type StepEvent =
  | { type: "run_start"; stateId: string }
  | { type: "run_end"; stateId: string; stoppedBy: StoppedBy; error: { name: string; message: string } | null }
  | { type: "think_start"; stateId: string; step: number }
  | { type: "text_delta"; stateId: string; text: string }
  /** The model's thinking as it streams (the whole block is saved with the reply). */
  | { type: "thinking_delta"; stateId: string; text: string }
  | { type: "think_end"; stateId: string; ok: boolean }
  | { type: "tool_start"; stateId: string; callId: string; name: string; input: unknown }
  | { type: "tool_end"; stateId: string; callId: string; name: string; status: ToolCallStatus; text: string }
  | { type: "compaction"; stateId: string; through: number }
  /** A new history entry was added (it may not be saved yet). */
  | { type: "entry"; stateId: string; entry: EntryRecord }
  /** A save reached the store: `entries` new entries were written, or it failed (`ok: false`). */
  | { type: "save"; stateId: string; point: SavePoint; entries: number; ok: boolean; error?: string }
  | { type: "warning"; stateId: string; name: string; message: string };

export type StepEventType = StepEvent["type"];
