/**
 * The baseline: what most desktop chat apps do. The whole conversation is one JSON document,
 * rewritten on every save: write a temporary file, fsync it, rename it over the old one.
 * Its cost grows with the conversation; ours must not.
 */
import { mkdirSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import path from "node:path";

export interface NaiveConversation {
  id: string;
  title: string;
  updatedAt: string;
  messages: unknown[];
}

export class NaiveJsonStore {
  constructor(readonly folder: string) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  }

  fileOf(id: string): string {
    return path.join(this.folder, `${id}.json`);
  }

  /** Rewrites the whole conversation durably. */
  async save(conversation: NaiveConversation): Promise<void> {
    const file = this.fileOf(conversation.id);
    const temp = `${file}.tmp`;
    const handle = await open(temp, "w", 0o600);
    try {
      await handle.writeFile(JSON.stringify(conversation));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  }
}
