/**
 * What the campaign and its child worker say to each other. The parent passes the job as one
 * JSON argument; the child answers with one JSON object per stdout line.
 */
import type { FaultMode } from "./fault-store";
import type { McpServerLaunch } from "./mcp-tools";
import type { StoreKind } from "./tally";

export interface WorkerJob {
  store: StoreKind;
  /** The database file (sqlite) or the folder (file). */
  location: string;
  stateId: string;
  modelUrl: string;
  /** Rounds of the conversation: the task is round 0, then one person's message per round. */
  rounds: number;
  /** Tool turns the model asks for in each round. */
  turns: number;
  /** How long the slow tool takes (default: the campaign's pace). */
  slowMs?: number;
  /** The Agent's context budget in tokens: small ones make the run compact; null for the default. */
  contextBudget: number | null;
  ackFile: string;
  sideEffectsFile: string;
  /** Install the library's SIGTERM/SIGINT helper (exit 143 after a clean abort). */
  signals: boolean;
  /** Fail store writes at random: each write with this probability, in one of these modes. */
  faults?: { probability: number; seed: number; modes: FaultMode[] };
  /** A PostgreSQL server that went away (restarted): go on once it is back, as a person would press Continue. */
  waitForServer?: boolean;
  /** How long to keep retrying while another runner holds the State (a killed one's lease). */
  busyRetryMs: number;
  /** After loading, wait for a "go" line on stdin (so the parent can line up two runners). */
  waitForGo?: boolean;
  /** Stop after this many attempts of a run that keeps failing (a library bug, not a fault). */
  maxAttempts: number;
  /** Offer the tools of this MCP server (the counting server) instead of the local torture tools. */
  mcp?: McpServerLaunch;
}

export type WorkerMessage =
  | { type: "ready"; pid: number }
  /** The State was loaded (or made new): how many entries it has. */
  | { type: "loaded"; entries: number }
  /** A write the store acknowledged: the seqs of its entries (none for a snapshot-only write). */
  | { type: "ack"; seqs: number[]; total: number }
  | { type: "fault"; mode: FaultMode; write: number }
  /** The MCP server is ready (mcp jobs): the pid of the guard it runs under. */
  | { type: "mcp_ready"; guardPid: number | null }
  /** A tool call started running. */
  | { type: "call_start"; callId: string; name: string }
  /** The run was refused because another runner holds the State, or went on with it since it was loaded. */
  | { type: "busy"; message: string }
  | { type: "stale"; message: string }
  /** A run ended (the conversation may need more rounds). */
  | { type: "run_end"; stoppedBy: string | null; error: string | null }
  | { type: "done"; entries: number; stoppedBy: string | null }
  /** Something no check expects; the child exits 1 after it. */
  | { type: "fatal"; name: string; message: string; stack?: string };

export const WORKER_EXIT = { done: 0, fatal: 1, busy: 3, stale: 4 } as const;

export function parseWorkerLine(line: string): WorkerMessage | null {
  try {
    const message = JSON.parse(line);
    return message && typeof message.type === "string" ? (message as WorkerMessage) : null;
  } catch {
    return null; // a line of someone else's output (a warning): ignored
  }
}
