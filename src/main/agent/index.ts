/**
 * The agent library: Agent runs States, and a Store saves every step as it happens, so a
 * run survives quit, crash, kill or update. Imports nothing from Electron or the app.
 */
export { Agent, type AgentOptions, type RunOptions } from "./agent";
export { State, type StateOptions, STATE_ID_PATTERN } from "./state";
export { Store, type Lease, type ListOptions, type MaybePromise, type StoredHead, type WriteOptions } from "./store";
export { FileStore } from "./file-store";
export { SqliteStore, type SqliteStoreOptions } from "./sqlite-store";
export {
  AgentError,
  InvalidStateIdError,
  RunAbortedError,
  SchemaTooNewError,
  SignalAbortError,
  StaleStateError,
  StateBusyError,
  StateExistsError,
  StateNotFoundError,
  StoreCorruptError,
  StoreMismatchError,
  StoreOperationNotSupportedError,
  ToolInputError,
  addErrorNote,
} from "./errors";
export { ResumeWarning } from "./resume-warning";
export { abortOnSignals, type AbortOnSignalsOptions, type SignalAbort } from "./signals";
export { askPerson, isPersonAsk, type AskPersonOptions, type PersonAsk } from "./ask-person";
export { defineTool, ASK_TOOL, FINISH_TOOL, type JsonSchema, type Tool, type ToolContext } from "./tool";
export type { OnStepEvent, StepEvent, StepEventType } from "./events";
export type { SavePoint } from "./saver";
export {
  UNKNOWN_RESULT_TEXT,
  abortedResultText,
  type AssistantEntry,
  type CompactionEntry,
  type ContentBlock,
  type EntryKind,
  type EntryRecord,
  type ErrorEntry,
  type HistoryEntry,
  type NoticeEntry,
  type ToolCallStatus,
  type ToolResultEntry,
  type UserEntry,
} from "./history";
export type { AgentFingerprint, AnsweredAsk, PendingAsk, SavedStateInfo, Snapshot, StoppedBy, StoredRecord } from "./snapshot";
export { SNAPSHOT_VERSION } from "./snapshot";
