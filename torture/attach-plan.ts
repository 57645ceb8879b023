/**
 * The attachments scenario's script, drawn from the run's seed: operations a person does
 * with files (a new conversation with files, a message with files in an earlier one,
 * deleting one), their files drawn from a small pool so the same bytes are attached again
 * (stored once, referred to by several conversations). The child reports each point of an
 * operation as it passes it, and can stop dead at one, so a kill lands exactly there.
 */
import type { Prng } from "./prng";

/** Points of an operation, in order: `added` the file is stored; `claimed` the conversation's claim is durable, its message not saved yet; `saved` the message is saved, the claim not confirmed; `confirmed`; `ended` the run ended; for a delete, `released` the conversation is gone, its references not yet dropped. */
export const ATTACH_POINTS = ["begin", "added", "claimed", "saved", "confirmed", "ended"] as const;
export const DELETE_POINTS = ["begin", "released", "ended"] as const;
export type AttachPoint = (typeof ATTACH_POINTS)[number] | (typeof DELETE_POINTS)[number];

export type AttachOp =
  | { kind: "new"; files: number[] }
  /** A message with files in the conversation opened by operation `target`. */
  | { kind: "send"; target: number; files: number[] }
  | { kind: "delete"; target: number };

export interface AttachJob {
  dataFolder: string;
  modelUrl: string;
  /** Seeds the files' bytes (so runs of a campaign share none). */
  tag: string;
  ops: AttachOp[];
  /** The first operation this child does (those before were done by earlier children). */
  from: number;
  /** Stop dead (and wait to be killed) when reaching this point of this operation. */
  pauseAt: { op: number; point: AttachPoint } | null;
  /** Where the child notes which conversation each "new" operation opened. */
  conversationsFile: string;
}

export type AttachMessage =
  | { type: "ready" }
  | { type: "point"; op: number; point: AttachPoint; paused: boolean }
  /** An operation was skipped: its target conversation was never saved (killed before) or is deleted. */
  | { type: "skipped"; op: number }
  | { type: "run_error"; op: number; name: string; message: string }
  | { type: "done" }
  | { type: "fatal"; name: string; message: string; stack?: string };

/** Files a run draws from: few enough that the same bytes come back. */
const POOL = 5;

export function planAttachOps(prng: Prng, count: number): AttachOp[] {
  const ops: AttachOp[] = [];
  const files = () => Array.from({ length: prng.int(1, 2) }, () => prng.int(0, POOL - 1));
  for (let i = 0; i < count; i++) {
    const opened = ops.flatMap((op, index) => (op.kind === "new" ? [index] : []));
    const roll = prng.next();
    if (opened.length === 0 || roll < 0.5) ops.push({ kind: "new", files: files() });
    else if (roll < 0.8) ops.push({ kind: "send", target: prng.pick(opened), files: files() });
    else ops.push({ kind: "delete", target: prng.pick(opened) });
  }
  return ops;
}

/** The bytes of pool file `n` of a run: text, a few KB. */
export function attachmentBytes(tag: string, n: number): Uint8Array {
  return new TextEncoder().encode(`Torture attachment ${n} of ${tag}.\n`.repeat(40 + n * 7));
}

export const attachmentName = (n: number) => `note-${n}.txt`;

/** The points a kill may wait for in this operation. */
export const pointsOf = (op: AttachOp): readonly AttachPoint[] => (op.kind === "delete" ? DELETE_POINTS : ATTACH_POINTS);
