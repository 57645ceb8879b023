/**
 * Messages waiting for the API key. Setting up the key is a normal first step, not a
 * failure: a message sent before it is saved in its conversation, the conversation is
 * listed as waiting for the key, and once a key is set each waiting conversation is sent.
 * Which conversations wait is kept in a small versioned JSON file in the data folder,
 * replaced atomically, so the list says so after a relaunch too. A file that cannot be read
 * means "none waiting" (each conversation still says so itself, from its saved State); a
 * newer one is left untouched.
 */
import path from "node:path";
import { z } from "zod";
import { STATE_ID_PATTERN, type State, writeFileAtomicSync } from "../../agent";
import { readRunFailure } from "./run-failure";
import { readVersionedJson } from "../versioned-json";

export const KEY_WAIT_FILE_NAME = "waiting-for-key.json";
export const KEY_WAIT_VERSION = 1;

const fileSchema = z.object({ version: z.literal(KEY_WAIT_VERSION), ids: z.array(z.string().regex(STATE_ID_PATTERN)) }).passthrough();

/** The conversation's last run could not start only because no API key was set (and nothing came after). */
export function isWaitingForKey(state: State): boolean {
  return state.stoppedBy === "error" && readRunFailure(state)?.name === "MissingApiKeyError";
}

export class KeyWaitFile {
  readonly file: string;
  private readonly waiting: Set<string>;
  private writable = true;

  constructor(dataFolder: string) {
    this.file = path.join(dataFolder, KEY_WAIT_FILE_NAME);
    this.waiting = new Set(this.read());
  }

  has(id: string): boolean {
    return this.waiting.has(id);
  }

  /** Oldest first: the order they were sent in. */
  ids(): string[] {
    return [...this.waiting];
  }

  add(id: string): void {
    if (this.waiting.has(id)) return;
    this.waiting.add(id);
    this.write();
  }

  delete(id: string): void {
    if (this.waiting.delete(id)) this.write();
  }

  private write(): void {
    if (!this.writable) return;
    writeFileAtomicSync(this.file, `${JSON.stringify({ version: KEY_WAIT_VERSION, ids: [...this.waiting] })}\n`);
  }

  private read(): string[] {
    const read = readVersionedJson(this.file, { version: KEY_WAIT_VERSION, schema: fileSchema, what: "waiting-for-key file", unreadable: "garbled" });
    if (read.status === "newer") this.writable = false;
    return read.status === "current" ? read.value.ids : [];
  }
}
