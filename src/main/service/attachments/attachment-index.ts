/**
 * The attachments index (attachments/index.json, format version 1): for each stored file
 * (named by the SHA-256 of its bytes) its type and size, the conversations whose saved
 * messages refer to it, and the ones about to (`pending`: written before the message is
 * saved, so a kill in between is settled by recovery). Rewritten whole, atomically.
 * A newer version is refused and left as it is.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../agent";
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
    if (!existsSync(this.path)) return;
    let document: IndexDocument;
    try {
      document = JSON.parse(readFileSync(this.path, "utf8"));
    } catch {
      return; // unreadable: recovery rebuilds what it can (unreferenced files are then removed)
    }
    if (typeof document?.version === "number" && document.version > ATTACHMENT_INDEX_VERSION) throw new AttachmentIndexVersionError(this.path, document.version);
    for (const [hash, file] of Object.entries(document?.files ?? {})) {
      this.files.set(hash, { kind: file.kind, mediaType: file.mediaType, size: file.size, refs: [...(file.refs ?? [])], pending: [...(file.pending ?? [])] });
    }
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
