/**
 * What the window had open at the last quit, so a relaunch reopens it: a small versioned
 * JSON file in the data folder, replaced atomically. It is a convenience: a file that cannot
 * be read (garbled, or from a newer Alpine) means "nothing to reopen", never a failure, and a
 * newer one is left untouched.
 */
import path from "node:path";
import { z } from "zod";
import { STATE_ID_PATTERN, writeFileAtomicSync } from "../agent";
import { readVersionedJson } from "./versioned-json";

export const WINDOW_STATE_FILE_NAME = "window-state.json";
export const WINDOW_STATE_VERSION = 1;

const fileSchema = z.object({ version: z.literal(WINDOW_STATE_VERSION), openConversationId: z.string().regex(STATE_ID_PATTERN).nullable() }).passthrough();

export class WindowStateFile {
  readonly file: string;
  private openId: string | null;
  private writable = true;

  constructor(dataFolder: string) {
    this.file = path.join(dataFolder, WINDOW_STATE_FILE_NAME);
    this.openId = this.read();
  }

  /** The conversation open at the last quit, or null ("New conversation"). */
  get openConversationId(): string | null {
    return this.openId;
  }

  remember(openConversationId: string | null): void {
    if (openConversationId === this.openId) return;
    this.openId = openConversationId;
    if (!this.writable) return;
    writeFileAtomicSync(this.file, `${JSON.stringify({ version: WINDOW_STATE_VERSION, openConversationId })}\n`);
  }

  private read(): string | null {
    const read = readVersionedJson(this.file, { version: WINDOW_STATE_VERSION, schema: fileSchema, what: "window state file", unreadable: "garbled" });
    if (read.status === "newer") this.writable = false;
    return read.status === "current" ? read.value.openConversationId : null;
  }
}
