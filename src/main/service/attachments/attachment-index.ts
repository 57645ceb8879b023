/**
 * The attachments index (attachments/index.json, format version 1): for each stored file
 * (named by the SHA-256 of its bytes) its type and size, the conversations whose saved
 * messages refer to it, and the ones about to (`pending`: written before the message is
 * saved, so a kill in between is settled by recovery). Rewritten whole, atomically.
 * A newer version is refused and left as it is.
 */
import { join } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../../agent";
import { readVersionedJson } from "../versioned-json";
import { AttachmentIndexVersionError } from "./attachment-errors";

export const ATTACHMENT_INDEX_VERSION = 1;

export interface IndexedFile {
  kind: "image" | "pdf" | "text";
  mediaType: string;
  size: number;
  /** Conversations with a saved message that refers to the file. */
  refs: string[];
  /** Conversations whose message referring to it may or may not be saved yet. */
  pending: string[];
}

const fileSchema = z.object({
  kind: z.enum(["image", "pdf", "text"]),
  mediaType: z.string(),
  size: z.number(),
  refs: z.array(z.string()).default([]),
  pending: z.array(z.string()).default([]),
});
const documentSchema = z.object({ version: z.number().int().min(1), files: z.record(z.string(), fileSchema).default({}) });

interface IndexDocument {
  version: number;
  files: Record<string, IndexedFile>;
}

export class AttachmentIndex {
  readonly files = new Map<string, IndexedFile>();
  private readonly path: string;
  private writes: Promise<void> = Promise.resolve();

  constructor(folder: string) {
    this.path = join(folder, "index.json");
    // Missing, unreadable or garbled: empty, and recovery rebuilds what it can (unreferenced files are then removed).
    const read = readVersionedJson(this.path, { version: ATTACHMENT_INDEX_VERSION, schema: documentSchema, what: "attachments index", unreadable: "garbled" });
    if (read.status === "newer") throw new AttachmentIndexVersionError(this.path, read.version);
    if (read.status !== "current") return;
    for (const [hash, file] of Object.entries(read.value.files)) this.files.set(hash, file);
  }

  /** Write the index as it is now; writes run one after another, each durable when it resolves. */
  save(): Promise<void> {
    const document: IndexDocument = { version: ATTACHMENT_INDEX_VERSION, files: Object.fromEntries(this.files) };
    const text = JSON.stringify(document);
    this.writes = this.writes.catch(() => undefined).then(() => writeFileAtomic(this.path, text));
    return this.writes;
  }

  /** Conversations that refer (or may refer) to some file. */
  conversations(): Set<string> {
    const ids = new Set<string>();
    for (const file of this.files.values()) for (const id of [...file.refs, ...file.pending]) ids.add(id);
    return ids;
  }
}
