/**
 * State: one conversation. Its history (every step, in order), the caller's JSON `data`,
 * and how its last run stopped. An Agent runs it; a Store saves and loads it.
 */
import type { Lease } from "./store-contract";
import { randomUUID } from "node:crypto";
import { InvalidStateIdError } from "../errors";
import type { AttachmentRef, HistoryEntry, UserEntry } from "./history";
import type { AgentFingerprint, AnsweredAsk, BranchPoint, PendingAsk, StoppedBy } from "./snapshot";

/** 1 to 128 ASCII letters, digits, `_` or `-`. */
export const STATE_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export function assertStateId(id: unknown): asserts id is string {
  if (typeof id !== "string" || !STATE_ID_PATTERN.test(id)) throw new InvalidStateIdError(id);
}

export interface StateOptions<Data> {
  /** Your own id (1 to 128 letters, digits, `_`, `-`); random when left out. */
  id?: string;
  /** Your own JSON data, saved with the State. Defaults to `{}`. */
  data?: Data;
  /** A name shown to a person; the task when left out. */
  title?: string;
  /** Files sent with the first message. */
  attachments?: AttachmentRef[];
  /** Extended thinking for this conversation's model requests (default off). */
  thinking?: ThinkingSetting;
}

/** Extended thinking: off (`null`) or on with a budget of tokens per request (at least 1,024). */
export type ThinkingSetting = { budgetTokens: number } | null;

/** The smallest thinking budget the Messages API accepts. */
export const MIN_THINKING_BUDGET = 1024;

export function assertThinkingSetting(value: unknown): asserts value is ThinkingSetting {
  if (value === null) return;
  const budget = (value as { budgetTokens?: unknown })?.budgetTokens;
  if (typeof budget !== "number" || !Number.isInteger(budget) || budget < MIN_THINKING_BUDGET) {
    throw new RangeError(`thinking must be null (off) or { budgetTokens } with a whole number of at least ${MIN_THINKING_BUDGET}; got ${JSON.stringify(value)}.`);
  }
}

export interface UserMessageOptions {
  /** Files sent with the message; the text may then be empty. */
  attachments?: AttachmentRef[];
}

/** An entry before the State gives it its place and time. */
export type NewEntry = HistoryEntry extends infer E
  ? E extends HistoryEntry
    ? Omit<E, "seq" | "at" | "error"> & { error?: Error | null }
    : never
  : never;

/** Saving bookkeeping, kept off the public surface of State. */
export interface StateBook {
  /** How many entries (seq 0..acknowledged-1) the store is known to have. */
  acknowledged: number;
  /** The snapshot the store is known to have, as JSON without `updatedAt`. */
  savedSnapshotJson: string | null;
  /** The store this State is saved in (`Store.storeKey`), once saved or loaded. */
  storeKey: string | null;
  /** Never written: the first save creates it (and refuses an id the store has). */
  isNew: boolean;
  /** Written with the snapshot; tells this State's own record from another one with its id. */
  createToken: string;
  /** The snapshot `updatedAt`s the store may hold from this copy: the last one confirmed, and any sent since. */
  revisions: Set<string>;
  /** The most entries this copy has sent to (or loaded from) the store. */
  sentEntries: number;
  /** The Agent that saved the State, as loaded; compared once by the first run after loading. */
  loadedAgent: AgentFingerprint | null | undefined;
  /** The Agent fingerprint written with the snapshot. */
  agent: AgentFingerprint | null;
  /** Saves of this State run one after another. */
  saveChain: Promise<unknown>;
  /** A run of this State is going in this process. */
  running: boolean;
  /** The lease of the run going on: its saves are fenced by it (a store refuses them once it was taken over). */
  lease: Lease | null;
  /** Told of each new entry while a run is going (step events). */
  onEntry: ((entry: HistoryEntry) => void) | null;
  /** The fork points up to the root, nearest first (`parent`, then the parent's parent...). */
  lineage: BranchPoint[];
  /** `answeredAsk` was answered by `addUserMessage` in this process: the Agent seals it at its next save (run/approval-seal.ts). */
  answeredHere: boolean;
}

export const stateBook = Symbol("alpine.stateBook");

export class State<Data = any> {
  readonly id: string;
  /** The conversation this State belongs to: the id of its first State (its own id for a root). */
  readonly conversationId: string;
  /** Null for a root; for a branch, its history is the parent's through `parent.seq`, then its own entries. */
  readonly parent: BranchPoint | null = null;
  /** The task the conversation started with (its first user message). */
  readonly task: string;
  title: string;
  /** The caller's own data: JSON values only (checked at every save). */
  data: Data;
  /** How the last run stopped; `null` for a new State or one whose process was killed mid-run. */
  stoppedBy: StoppedBy = null;
  /** The answer given by `finish`, as JSON. */
  answer: unknown = null;
  /** The open `ask` waiting for the person's answer (`addUserMessage` answers it). */
  pendingAsk: PendingAsk | null = null;
  /** A tool's question the person answered; the next run first runs that call again with the answer. */
  answeredAsk: AnsweredAsk | null = null;
  readonly createdAt: string;
  updatedAt: string;
  /** Ranges of seqs kept in history but left out of the model's context. */
  excluded: [number, number][] = [];
  /** Extended thinking for this conversation's model requests: `null` (off) or a token budget. */
  thinking: ThinkingSetting = null;

  private readonly entries: HistoryEntry[] = [];
  /** @internal */
  declare readonly [stateBook]: StateBook;

  constructor(task: string, options: StateOptions<Data> = {}) {
    if (options.id !== undefined) assertStateId(options.id);
    if (typeof task !== "string" || task.trim() === "") throw new TypeError("A State needs a task: a non-empty string, its first message.");
    this.id = options.id ?? randomUUID().replaceAll("-", "");
    this.conversationId = this.id;
    this.task = task;
    this.title = options.title ?? task;
    this.data = (options.data === undefined ? {} : options.data) as Data;
    if (options.thinking !== undefined) {
      assertThinkingSetting(options.thinking);
      this.thinking = options.thinking;
    }
    this.createdAt = this.updatedAt = new Date().toISOString();
    Object.defineProperty(this, stateBook, {
      enumerable: false,
      value: {
        acknowledged: 0,
        savedSnapshotJson: null,
        storeKey: null,
        isNew: true,
        createToken: randomUUID(),
        revisions: new Set(),
        sentEntries: 0,
        loadedAgent: undefined,
        agent: null,
        saveChain: Promise.resolve(),
        running: false,
        lease: null,
        onEntry: null,
        lineage: [],
        answeredHere: false,
      } satisfies StateBook,
    });
    const attachments = options.attachments?.length ? { attachments: options.attachments.map(copyAttachment) } : {};
    this.entries.push({ seq: 0, at: this.createdAt, kind: "user", text: task, error: null, ...attachments });
  }

  /** Every entry ever added, in order; `history[i].seq === i`. */
  get history(): readonly HistoryEntry[] {
    return this.entries;
  }

  /**
   * Add the person's message. When an `ask` is open, this is its answer; when a tool asked
   * (`askPerson`), the next run gives the answer to that tool, run again.
   * Call `agent.save(state)` to make it durable before the next run.
   */
  addUserMessage(text: string, options: UserMessageOptions = {}): UserEntry {
    const attachments = options.attachments?.length ? { attachments: options.attachments.map(copyAttachment) } : {};
    if (typeof text !== "string" || (text.trim() === "" && !attachments.attachments)) throw new TypeError("A user message must be a non-empty string (or come with attachments).");
    const ask = this.pendingAsk;
    this.pendingAsk = null;
    if (ask?.tool) {
      const { callId, tool, question, choices, digest, seal } = ask;
      // The question's digest and seal come along; the Agent turns them into the answer's seal (given here) before it saves.
      this.answeredAsk = { callId, tool, question, ...(choices ? { choices: [...choices] } : {}), answer: text, ...(digest ? { digest } : {}), ...(seal ? { seal } : {}) };
      this[stateBook].answeredHere = true;
      return appendEntry(this, { kind: "user", text, answersCallId: callId, answersTool: tool }) as UserEntry;
    }
    return appendEntry(this, ask ? { kind: "user", text, answersCallId: ask.callId, ...attachments } : { kind: "user", text, ...attachments }) as UserEntry;
  }
}

function copyAttachment(ref: AttachmentRef): AttachmentRef {
  const { id, name, kind, mediaType, size } = ref;
  if (typeof id !== "string" || id === "" || typeof name !== "string" || !["image", "pdf", "text"].includes(kind) || typeof mediaType !== "string" || !Number.isFinite(size)) {
    throw new TypeError(`An attachment needs id, name, kind ("image", "pdf" or "text"), mediaType and size; got ${JSON.stringify(ref)}.`);
  }
  return { id, name, kind, mediaType, size };
}

/** Add an entry at the end of history; it is saved by the next save. */
export function appendEntry(state: State, entry: NewEntry): HistoryEntry {
  const history = state.history as HistoryEntry[];
  const full = { ...entry, seq: history.length, at: new Date().toISOString(), error: entry.error ?? null } as HistoryEntry;
  history.push(full);
  state[stateBook].onEntry?.(full);
  return full;
}

/** Make a State a branch (restore and branchState only). */
export function placeInTree(state: State, conversationId: string, lineage: BranchPoint[]): void {
  Object.assign(state, { conversationId, parent: lineage[0] ?? null });
  state[stateBook].lineage = lineage;
}

/** The State whose own entries hold `seq` of this State's history. */
export function ownerOfSeq(state: State, seq: number): string {
  let owner = state.id;
  for (const point of state[stateBook].lineage) {
    if (seq > point.seq) break;
    owner = point.id;
  }
  return owner;
}

/** Put loaded entries in place (restore only). */
export function replaceHistory(state: State, entries: HistoryEntry[]): void {
  const history = state.history as HistoryEntry[];
  history.length = 0;
  for (const entry of entries) history.push(entry);
}
