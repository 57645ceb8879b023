/**
 * The model's messages, built incrementally: each history entry is turned into blocks once,
 * when it is first seen, so the work of a step does not grow with the conversation. The
 * build starts over only when what it was built from changed under it: history replaced
 * (a restore), or the excluded ranges changed. A compaction restarts it from its summary.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { AttachmentRef, CompactionEntry, HistoryEntry } from "../state/history";
import { isExcluded } from "../state/open-calls";
import type { State } from "../state/state";
import { type UnresolvedAttachment, type UserBlock, assistantBlocks, attachmentBlock, attachmentChars } from "./entry-blocks";

type MessageParam = Anthropic.MessageParam;

export const SUMMARY_PREFIX = "Summary of the conversation so far (earlier messages were condensed to save space):\n\n";
export const NO_RESULT_TEXT = "(no result was recorded for this call)";
/** What a block's JSON adds around its text: type, ids, quotes and braces. */
const BLOCK_OVERHEAD = 40;

/** Gives the bytes of an attached file; the application decides where they live. */
export type AttachmentResolver = (ref: AttachmentRef) => Uint8Array | Promise<Uint8Array>;

export class MessageBuilder {
  /** Complete messages: every user message before an assistant turn, and the assistant turns. */
  readonly messages: MessageParam[] = [];
  /** The latest compaction the context starts from. */
  compaction: CompactionEntry | null = null;
  /** Entries in the context (after the compaction, not excluded). */
  entryCount = 0;
  /** Characters the context adds to a request (about four per token). */
  chars = 0;
  /** The last context entry that is not a notice or an error. */
  lastMeaningful: HistoryEntry | null = null;
  /** Index in `messages` of the last assistant message (-1: none). */
  lastAssistantIndex = -1;
  /** The last message is an aborted, partial turn with nothing after it yet. */
  private partialLast = false;
  private results: UserBlock[] = [];
  private texts: UserBlock[] = [];
  private openIds = new Set<string>();
  private unresolved: UnresolvedAttachment[] = [];
  private consumed = 0;
  private lastSeen: HistoryEntry | null = null;
  private readonly excludedKey: string;

  constructor(state: State) {
    this.excludedKey = excludedKeyOf(state);
  }

  /** Still describes this State's history, so far as it was consumed. */
  fits(state: State): boolean {
    const history = state.history;
    if (history.length < this.consumed) return false;
    if (this.consumed > 0 && history[this.consumed - 1] !== this.lastSeen) return false;
    return excludedKeyOf(state) === this.excludedKey;
  }

  /** Take in the entries added since the last call. */
  consume(state: State): void {
    const history = state.history;
    for (let i = this.consumed; i < history.length; i++) {
      const entry = history[i];
      if (!isExcluded(state, entry.seq)) this.add(entry);
    }
    this.consumed = history.length;
    this.lastSeen = history.at(-1) ?? null;
  }

  /** Fill in the bytes of attachments seen since the last call. */
  async resolveAttachments(resolve: AttachmentResolver | undefined): Promise<void> {
    while (this.unresolved.length > 0) {
      const next = this.unresolved[0];
      if (!resolve) throw new AttachmentUnavailableError(next.ref, "the Agent has no resolveAttachment option");
      let bytes: Uint8Array;
      try {
        bytes = await resolve(next.ref);
      } catch (error) {
        throw new AttachmentUnavailableError(next.ref, error instanceof Error ? error.message : String(error));
      }
      next.fill(bytes);
      this.unresolved.shift();
    }
  }

  /** The messages of a request now: the complete ones, then what the person and the tools added since. */
  requestMessages(): MessageParam[] {
    // Made at its final length: growing a copy of a long context by one message copies it again.
    const tail = this.pendingUserMessage();
    if (tail) return this.messages.concat([tail]);
    // A run going on from a stopped reply, with nothing new from the person, asks again.
    return this.partialLast ? this.messages.slice(0, -1) : this.messages.slice();
  }

  private pendingUserMessage(): MessageParam | null {
    const missing: UserBlock[] = [];
    if (this.lastAssistantIndex === this.messages.length - 1 && this.lastAssistantIndex >= 0) {
      // Never leave a call without a result: the API refuses such a request.
      for (const id of this.openIds) missing.push({ type: "tool_result", tool_use_id: id, content: NO_RESULT_TEXT, is_error: true });
    }
    if (this.results.length + missing.length + this.texts.length === 0) return null;
    return { role: "user", content: [...this.results, ...missing, ...this.texts] };
  }

  private add(entry: HistoryEntry): void {
    if (entry.kind === "compaction") return this.restartFrom(entry);
    this.entryCount++;
    this.chars += BLOCK_OVERHEAD + (entry.kind === "assistant" ? JSON.stringify(entry.content).length : JSON.stringify(entry.text).length);
    if (entry.kind !== "notice" && entry.kind !== "error") this.lastMeaningful = entry;
    switch (entry.kind) {
      case "user":
        return this.addUser(entry);
      case "tool_result":
        if (this.openIds.delete(entry.callId)) {
          const content = entry.content && entry.content.length > 0 ? entry.content : entry.text;
          this.results.push({ type: "tool_result", tool_use_id: entry.callId, content, ...(entry.status === "done" ? {} : { is_error: true }) } as UserBlock);
        } else {
          this.texts.push({ type: "text", text: `(result of an earlier ${entry.name} call ${entry.callId}: ${entry.text})` });
        }
        return;
      case "notice":
        this.texts.push({ type: "text", text: `(notice: ${entry.text})` });
        return;
      case "assistant": {
        const content = assistantBlocks(entry);
        if (!content.some((b) => b.type === "text" || b.type === "tool_use")) return;
        const pending = this.pendingUserMessage();
        if (pending) this.messages.push(pending);
        // The reply asked again after a stopped one takes its place: one turn, not two in a row.
        else if (this.partialLast) this.messages.pop();
        this.results = [];
        this.texts = [];
        this.messages.push({ role: "assistant", content });
        this.partialLast = entry.partial === true;
        this.lastAssistantIndex = this.messages.length - 1;
        this.openIds = new Set(entry.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : [])));
        return;
      }
      case "error":
        return; // errors are for the person
    }
  }

  private addUser(entry: Extract<HistoryEntry, { kind: "user" }>): void {
    // An answer given to a tool (askPerson) reaches the model through that tool's result.
    if (entry.answersTool) return;
    if (entry.answersCallId && this.openIds.delete(entry.answersCallId)) {
      this.results.push({ type: "tool_result", tool_use_id: entry.answersCallId, content: entry.text });
      return;
    }
    for (const ref of entry.attachments ?? []) {
      const { block, pending } = attachmentBlock(ref);
      this.texts.push(block);
      this.unresolved.push(pending);
      this.chars += attachmentChars(ref);
    }
    if (entry.text !== "") this.texts.push({ type: "text", text: entry.text });
  }

  /** Older entries are covered by the summary: the context starts over from it. */
  private restartFrom(compaction: CompactionEntry): void {
    this.messages.length = 0;
    this.compaction = compaction;
    this.entryCount = 0;
    this.chars = BLOCK_OVERHEAD + JSON.stringify(compaction.text).length;
    this.lastMeaningful = null;
    this.lastAssistantIndex = -1;
    this.partialLast = false;
    this.results = [];
    this.texts = [{ type: "text", text: SUMMARY_PREFIX + compaction.text }];
    this.openIds = new Set();
    this.unresolved = [];
  }
}

export class AttachmentUnavailableError extends Error {
  constructor(
    readonly ref: AttachmentRef,
    reason: string,
  ) {
    super(`The attached file "${ref.name}" (${ref.id}) could not be read for the model request: ${reason}.`);
    this.name = "AttachmentUnavailableError";
  }
}

function excludedKeyOf(state: State): string {
  return state.excluded.length === 0 ? "" : JSON.stringify(state.excluded);
}

// Whether `seq` lies in one of the State's excluded ranges: history's rule, kept beside it.
export { isExcluded };

const builders = new WeakMap<State, MessageBuilder>();

/** This State's builder, brought up to date with its history (started over when it no longer fits). */
export function messageBuilderOf(state: State): MessageBuilder {
  let builder = builders.get(state);
  if (!builder || !builder.fits(state)) {
    builder = new MessageBuilder(state);
    builders.set(state, builder);
  }
  builder.consume(state);
  return builder;
}

/** This State's builder when one was made and still fits (brought up to date), else null: nothing is built. */
export function builtMessageBuilderOf(state: State): MessageBuilder | null {
  const builder = builders.get(state);
  if (!builder || !builder.fits(state)) return null;
  builder.consume(state);
  return builder;
}
