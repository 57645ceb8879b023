/**
 * The snapshot: everything of a State that is not history, as plain JSON.
 * It carries a schema version; a loader refuses a version it does not know.
 */
export const SNAPSHOT_VERSION = 3;
/**
 * The oldest snapshot version still read (version 1 had no conversationId nor parent;
 * before version 3 questions and answers had no digest nor seal, so they are asked again).
 */
export const OLDEST_SNAPSHOT_VERSION = 1;

/** Where a branch parts from its parent: its history is the parent's through `seq` (inclusive). */
export interface BranchPoint {
  id: string;
  seq: number;
}

/** An `ask` call (or a tool that returned `askPerson`) waiting for the person's answer. */
export interface PendingAsk {
  callId: string;
  question: string;
  choices?: string[];
  /** The tool that asked, when it is not the built-in `ask`: the answer is given to it, run again. */
  tool?: string;
  /** Digest of the call's (tool, input) the question is about (see run/approval-seal.ts). */
  digest?: string;
  /** Proof that this installation asked this question about that call; without it, it is asked again. */
  seal?: string;
}

/**
 * A tool's question the person answered: the next run runs that call again with the answer.
 * Cleared (and saved) just before that run starts, so a process killed during it leaves the
 * call open without this, which loading turns into the unknown result.
 */
export interface AnsweredAsk {
  callId: string;
  tool: string;
  question: string;
  choices?: string[];
  answer: string;
  /** Digest of the call's (tool, input) the answer is about. */
  digest?: string;
  /** Proof that the person gave this answer in this installation; without it (or on a mismatch) the call asks again. */
  seal?: string;
}

export type StoppedBy = "end_turn" | "finish" | "ask" | "max_steps" | "error" | "aborted" | null;

/** What the Agent that last ran a State looked like (for ResumeWarning). */
export interface AgentFingerprint {
  model: string;
  system: string;
  /** Tool names, descriptions and input schemas, as a stable digest. */
  tools: string;
}

export interface Snapshot {
  version: typeof SNAPSHOT_VERSION | 2 | typeof OLDEST_SNAPSHOT_VERSION;
  id: string;
  /** The id of the conversation's first State (a root's own id). Absent before version 2: the id. */
  conversationId?: string;
  /** Null (or absent before version 2) for a root; a branch's fork point. */
  parent?: BranchPoint | null;
  /** Kept only because another conversation's branch shares its entries: never listed. */
  retained?: boolean;
  task: string;
  /** Title shown to a person; the task until renamed. */
  title: string;
  data: unknown;
  stoppedBy: StoppedBy;
  /** The answer of `finish`, as JSON. */
  answer: unknown;
  /** The open `ask`: the call id, its question and any suggested answers, until answered. */
  pendingAsk: PendingAsk | null;
  /** A tool's question answered but not yet run again with the answer; absent when there is none. */
  answeredAsk?: AnsweredAsk | null;
  /** Extended thinking's budget; absent when thinking is off. */
  thinking?: { budgetTokens: number } | null;
  createdAt: string;
  updatedAt: string;
  /**
   * When a person last chose to see this branch (the branch switcher), if after its last save.
   * Not an update: `updatedAt` stays, so the conversation keeps its place in the list. Absent
   * until chosen; a save of the State leaves it out (its `updatedAt` is then the later time).
   */
  shownAt?: string;
  /** How many history entries this snapshot covers: a complete save ends at seq `entryCount - 1`. */
  entryCount: number;
  /**
   * Ranges of seqs (inclusive) kept in history but left out of the model's context,
   * e.g. the steps after a half-written save that ended after a compaction.
   */
  excluded: [number, number][];
  agent: AgentFingerprint | null;
  /**
   * Random, made with the State object that created the record: a create whose outcome was
   * unknown (it landed, but reported an error) recognises its own record by it.
   */
  createToken?: string;
}

/** What `Store.read` returns. */
export interface StoredRecord {
  entries: import("./history").EntryRecord[];
  snapshot: Snapshot | null;
}

/** One line of `Store.list()`. */
export interface SavedStateInfo {
  id: string;
  task: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  /** When a person last chose to see this branch, when later than `updatedAt` could say (see Snapshot). */
  shownAt?: string;
  stoppedBy: StoppedBy;
  entryCount: number;
  /** The conversation this State belongs to (a root's own id). */
  conversationId: string;
  /** Null for a root; where a branch parts from its parent. */
  parent: BranchPoint | null;
  /** Only on a State kept for another conversation (never in what `list` returns). */
  retained?: boolean;
  /**
   * Only on a row whose stored values fail their check (a garbled page): what is wrong. The
   * row is listed all the same, so a damaged conversation is shown as damaged, never missing;
   * its values (even its id) may be garbled.
   */
  damaged?: string;
}

/**
 * One row per conversation (`Store.listConversations`): its shown branch, and how many branches
 * it has; `updatedAt` is the conversation's last update (its newest branch's), which orders the list.
 */
export interface ConversationInfo extends SavedStateInfo {
  branchCount: number;
}

/** The conversation of a snapshot (version 1 snapshots are roots). */
export function conversationIdOf(snapshot: { id: string; conversationId?: string }): string {
  return typeof snapshot.conversationId === "string" ? snapshot.conversationId : snapshot.id;
}

/** The list row of a snapshot, as every store builds it. */
export function savedStateInfoOf(snapshot: Snapshot): SavedStateInfo {
  return {
    id: snapshot.id,
    task: snapshot.task,
    title: snapshot.title,
    createdAt: snapshot.createdAt,
    updatedAt: snapshot.updatedAt,
    stoppedBy: snapshot.stoppedBy,
    entryCount: snapshot.entryCount,
    conversationId: conversationIdOf(snapshot),
    parent: snapshot.parent ?? null,
    ...(snapshot.retained ? { retained: true } : {}),
    ...(typeof snapshot.shownAt === "string" ? { shownAt: snapshot.shownAt } : {}),
  };
}

/**
 * When a branch was last updated or chosen to be seen, whichever is later: the branch a
 * conversation shows is the one with the latest (docs/branches.md).
 */
export function lastSeenAt(info: Pick<SavedStateInfo, "updatedAt" | "shownAt">): string {
  return info.shownAt !== undefined && info.shownAt > info.updatedAt ? info.shownAt : info.updatedAt;
}
