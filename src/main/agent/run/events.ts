/**
 * Step events: what a run tells its caller as it goes (the desktop app streams them
 * to its window). Every event names its State.
 */
import type { HistoryEntry, ToolCallStatus } from "../state/history";
import type { SavePoint } from "../state/saver";
import type { StoppedBy } from "../state/snapshot";

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
  /** A new history entry was added in memory (it may not be saved yet). */
  | { type: "entry"; stateId: string; entry: HistoryEntry }
  /**
   * A save at a save point reached the store: `entries` new entries were written
   * (0: snapshot only), or it failed (`ok: false`, `error` = "Name: message").
   * A save point with nothing new writes nothing and sends no event.
   */
  | { type: "save"; stateId: string; point: SavePoint; entries: number; ok: boolean; error?: string }
  | { type: "warning"; stateId: string; name: string; message: string };

export type StepEventType = StepEvent["type"];
export type OnStepEvent = (event: StepEvent) => void;
