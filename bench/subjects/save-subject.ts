/**
 * Something whose step save is timed: one of our stores (through `Store.write` or through
 * `agent.save`), or the naive baseline. A subject holds `count` conversations of a given
 * length and saves one new ~400-character message into one of them per step.
 */

import type { StoreTimes } from "./timed-store";

export interface SaveSubject {
  /** Grows `count` conversations to `length` entries each (untimed). */
  prepare(length: number, count: number): Promise<void>;
  /** Adds one message to conversation `index` and saves it, the way the app would. */
  step(index: number, text: string): Promise<void>;
  /** Bytes the subject's files take on disk, after folding any write-ahead log into them. */
  storedBytes(): number;
  /** The exact bytes handed to the store by the last step (the floor commits the same). */
  lastPayload(): string | null;
  /** Time spent inside the store's own calls, for subjects that save through the Agent. */
  storeTimes?(): StoreTimes;
  close(): Promise<void>;
}

export interface SubjectFactory {
  /** Figure key part: sqlite, file, naive. */
  key: string;
  /** Figure key part: store (Store.write), agent (agent.save) or doc (whole-document rewrite). */
  level: string;
  label: string;
  open(folder: string): SaveSubject;
}
