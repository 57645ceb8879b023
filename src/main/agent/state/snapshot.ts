/**
 * The snapshot: everything of a State that is not history, as plain JSON.
 * It carries a schema version; a loader refuses a version it does not know.
 */
export const SNAPSHOT_VERSION = 1;

/** An `ask` call (or a tool that returned `askPerson`) waiting for the person's answer. */
export interface PendingAsk {
  callId: string;
  question: string;
  choices?: string[];
  /** The tool that asked, when it is not the built-in `ask`: the answer is given to it, run again. */
  tool?: string;
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
  version: typeof SNAPSHOT_VERSION;
  id: string;
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
  stoppedBy: StoppedBy;
  entryCount: number;
}
