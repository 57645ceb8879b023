/**
 * Attachments: files stored once by the SHA-256 of their bytes (attachments/files/<hash>),
 * durable before the message that uses them is saved, removed when no conversation refers
 * to them. Order of writes, so a kill at any instant leaves nothing dangling after recovery:
 *   add:    the file, then its index entry (a file without an entry is removed at recovery);
 *   claim:  the conversation in the entry's `pending`, then the message is saved by the run;
 *   confirm: pending -> refs once the message is saved (recovery checks the message instead);
 *   release: after a conversation is deleted, its refs go and unreferenced files are removed.
 * Files added in the composer but not sent yet are kept while this process runs.
 */
import { createHash } from "node:crypto";
import { readFile, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { type AttachmentRef, ensurePrivateFolder, writeFileAtomic } from "../../agent";
import { AttachmentNotFoundError } from "./attachment-errors";
import { AttachmentIndex, type IndexedFile } from "./attachment-index";
import { checkFileLimits, checkMessageLimits } from "./limits";
import { sniffFile } from "./sniff";

const HASH = /^[0-9a-f]{64}$/;

/** What the service needs of the conversations to settle the index after a kill. */
export interface ConversationLookup {
  exists(id: string): Promise<boolean>;
  /** The attachment ids the conversation's saved messages refer to. */
  attachmentIds(id: string): Promise<Set<string>>;
}

export class Attachments {
  private readonly folder: string;
  private readonly filesFolder: string;
  private readonly index: AttachmentIndex;
  /** Added in this process, not yet claimed by a message: never removed while the app runs. */
  private readonly staged = new Set<string>();
  /** Changes run one after another: a removal never meets a file still being added. */
  private queue: Promise<unknown> = Promise.resolve();

  private serially<T>(change: () => Promise<T>): Promise<T> {
    const next = this.queue.catch(() => undefined).then(change);
    this.queue = next;
    return next;
  }

  constructor(dataFolder: string) {
    this.folder = join(dataFolder, "attachments");
    this.filesFolder = join(this.folder, "files");
    ensurePrivateFolder(this.folder);
    ensurePrivateFolder(this.filesFolder);
    this.index = new AttachmentIndex(this.folder);
  }

  /** Check the file (type from its bytes, the API's limits) and store it durably; the same bytes are stored once. */
  async add(bytes: Uint8Array, name: string): Promise<AttachmentRef> {
    const sniffed = sniffFile(bytes, name);
    checkFileLimits(name, bytes.byteLength, sniffed);
    const id = createHash("sha256").update(bytes).digest("hex");
    return this.serially(() => this.store(id, name, bytes, sniffed));
  }

  private async store(id: string, name: string, bytes: Uint8Array, sniffed: ReturnType<typeof sniffFile>): Promise<AttachmentRef> {
    if (!this.index.files.has(id)) {
      await writeFileAtomic(join(this.filesFolder, id), bytes);
      this.index.files.set(id, { kind: sniffed.kind, mediaType: sniffed.mediaType, size: bytes.byteLength, refs: [], pending: [] });
      await this.index.save();
    }
    this.staged.add(id);
    return { id, name, kind: sniffed.kind, mediaType: sniffed.mediaType, size: bytes.byteLength };
  }

  /** The refs a message will carry, checked together against the request limit. */
  refsFor(items: { id: string; name: string }[]): AttachmentRef[] {
    const refs = items.map(({ id, name }) => {
      const file = this.index.files.get(id);
      if (!file || !HASH.test(id)) throw new AttachmentNotFoundError(id);
      return { id, name, kind: file.kind, mediaType: file.mediaType, size: file.size };
    });
    checkMessageLimits(refs);
    return refs;
  }

  /** Before the message is saved: the conversation may refer to these files from now on. */
  claim(conversationId: string, ids: string[]): Promise<void> {
    return this.serially(() => this.claimNow(conversationId, ids));
  }

  private async claimNow(conversationId: string, ids: string[]): Promise<void> {
    for (const id of new Set(ids)) {
      const file = this.entry(id);
      if (!file.refs.includes(conversationId) && !file.pending.includes(conversationId)) file.pending.push(conversationId);
    }
    await this.index.save();
  }

  /** After the message is saved. */
  confirm(conversationId: string, ids: string[]): Promise<void> {
    return this.serially(() => this.confirmNow(conversationId, ids));
  }

  private async confirmNow(conversationId: string, ids: string[]): Promise<void> {
    for (const id of new Set(ids)) {
      const file = this.index.files.get(id);
      if (!file) continue;
      file.pending = file.pending.filter((c) => c !== conversationId);
      if (!file.refs.includes(conversationId)) file.refs.push(conversationId);
      this.staged.delete(id);
    }
    await this.index.save();
  }

  /** After a conversation is deleted: drop its references, remove files nobody refers to. */
  release(conversationId: string): Promise<void> {
    return this.serially(async () => {
      for (const file of this.index.files.values()) {
        file.refs = file.refs.filter((c) => c !== conversationId);
        file.pending = file.pending.filter((c) => c !== conversationId);
      }
      await this.removeUnreferenced();
    });
  }

  /** At startup: settle pending claims by the saved messages, drop deleted conversations, remove orphans. */
  recover(conversations: ConversationLookup): Promise<{ removed: number }> {
    return this.serially(() => this.recoverNow(conversations));
  }

  private async recoverNow(conversations: ConversationLookup): Promise<{ removed: number }> {
    for (const id of this.index.conversations()) {
      const exists = await conversations.exists(id);
      const referred = exists ? await this.referredBy(conversations, id) : new Set<string>();
      for (const [hash, file] of this.index.files) {
        if (!file.pending.includes(id) && !file.refs.includes(id)) continue;
        file.pending = file.pending.filter((c) => c !== id);
        file.refs = file.refs.filter((c) => c !== id);
        if (referred.has(hash)) file.refs.push(id);
      }
    }
    return { removed: await this.removeUnreferenced() };
  }

  /** The bytes of a stored file (for the model request and the window's viewer). */
  async read(id: string): Promise<{ bytes: Buffer; mediaType: string }> {
    const file = this.index.files.get(id);
    if (!file || !HASH.test(id)) throw new AttachmentNotFoundError(id);
    return { bytes: await readFile(join(this.filesFolder, id)), mediaType: file.mediaType };
  }

  /** The resolver the library asks for an attachment's bytes. */
  readonly resolve = async (ref: AttachmentRef): Promise<Uint8Array> => (await this.read(ref.id)).bytes;

  /** What is stored, for tests and diagnostics: hash -> its index entry. */
  stored(): ReadonlyMap<string, IndexedFile> {
    return this.index.files;
  }

  private entry(id: string): IndexedFile {
    const file = this.index.files.get(id);
    if (!file) throw new AttachmentNotFoundError(id);
    return file;
  }

  private async referredBy(conversations: ConversationLookup, id: string): Promise<Set<string>> {
    return conversations.attachmentIds(id);
  }

  /** Remove files no conversation refers to or claims (and stray files), then the index. Returns how many went. */
  private async removeUnreferenced(): Promise<number> {
    let removed = 0;
    for (const [hash, file] of [...this.index.files]) {
      if (file.refs.length === 0 && file.pending.length === 0 && !this.staged.has(hash)) this.index.files.delete(hash);
    }
    await this.index.save(); // the index lets go first: a kill now leaves a file recovery removes
    for (const name of await readdir(this.filesFolder)) {
      if (this.index.files.has(name)) continue;
      await rm(join(this.filesFolder, name), { force: true });
      removed++;
    }
    return removed;
  }
}
