/**
 * Sizes and repetitions of each mode. `full` is the run whose table goes in the README;
 * `quick` runs in CI in well under a minute and only checks that every figure is produced.
 */

export type Mode = "full" | "quick";

export interface BenchConfig {
  mode: Mode;
  /** History lengths a conversation is grown to before its step saves are timed. */
  historySizes: number[];
  /** Characters of each history entry. */
  entryChars: number;
  saveWarmup: number;
  saveSteps: number;
  floorReps: number;
  /** Entries of the conversation timed by `load`. */
  loadEntries: number;
  loadReps: number;
  /** Saved conversations timed by `list` and `search`. */
  listConversations: number;
  /** The window's page: what the sidebar asks for first. */
  listPage: number;
  listReps: number;
  agentWarmup: number;
  agentRuns: number;
  /** History lengths of the conversations the agent overhead is measured on. */
  agentHistorySizes: number[];
  /** Megabytes of attachments stored when list and search are timed beside them. */
  attachmentsStoredMB: number;
  /** Turns of the conversation the prompt cache's saving is measured on. */
  cachingTurns: number;
  /** Turns (a message and its reply) saved before bytes are counted. */
  storageTurns: number;
  /** Turns of the one conversation whose PostgreSQL bytes are counted, each length from a fresh schema. */
  postgresStorageTurns: number[];
  windowMessages: number;
  windowTokens: number;
  /** Sizes of the generated export files the import is timed on (memory must not grow with them). */
  importSizesMB: number[];
  /** MCP calls timed each way (through the app, bare SDK), after a warm-up. */
  mcpCalls: number;
  /** Service starts timed with three configured MCP servers and with none. */
  mcpLaunchRounds: number;
}

const full: BenchConfig = {
  mode: "full",
  historySizes: [10, 100, 1_000, 10_000],
  entryChars: 400,
  saveWarmup: 20,
  saveSteps: 300,
  floorReps: 300,
  loadEntries: 10_000,
  loadReps: 20,
  listConversations: 10_000,
  listPage: 100,
  listReps: 50,
  agentWarmup: 20,
  agentRuns: 200,
  agentHistorySizes: [10, 1_000, 10_000],
  cachingTurns: 200,
  attachmentsStoredMB: 1024,
  storageTurns: 500,
  postgresStorageTurns: [10, 100, 500, 1_000],
  windowMessages: 5_000,
  windowTokens: 2_000,
  importSizesMB: [10, 100],
  mcpCalls: 300,
  mcpLaunchRounds: 7,
};

const quick: BenchConfig = {
  mode: "quick",
  historySizes: [10, 1_000],
  entryChars: 400,
  saveWarmup: 5,
  saveSteps: 30,
  floorReps: 30,
  loadEntries: 1_000,
  loadReps: 5,
  listConversations: 200,
  listPage: 100,
  listReps: 10,
  agentWarmup: 5,
  agentRuns: 15,
  agentHistorySizes: [10, 1_000],
  cachingTurns: 40,
  attachmentsStoredMB: 40,
  storageTurns: 30,
  postgresStorageTurns: [10],
  windowMessages: 200,
  windowTokens: 100,
  importSizesMB: [1, 2],
  mcpCalls: 30,
  mcpLaunchRounds: 2,
};

export function configFor(mode: Mode): BenchConfig {
  return mode === "quick" ? quick : full;
}

/** The largest and smallest history sizes: the flatness ratio is largest / smallest. */
export function sizeRange(config: BenchConfig): { smallest: number; largest: number } {
  return { smallest: Math.min(...config.historySizes), largest: Math.max(...config.historySizes) };
}
