/**
 * The agent library: Agent runs States, and a Store saves every step as it happens, so a
 * run survives quit, crash, kill or update. Imports nothing from Electron or the app.
 */
export { Agent, type AgentOptions, type RunOptions } from "./run/agent";
export { ApprovalSealer, type ApprovalKey, type SealedCall } from "./run/approval-seal";
export { canonicalJson } from "./state/canonical-json";
export {
  State,
  type StateOptions,
  STATE_ID_PATTERN,
  MIN_THINKING_BUDGET,
  type ThinkingSetting,
  type UserMessageOptions,
} from "./state/state";
export type { ModelProvider, ProviderReply, ProviderRequest, ProviderStream, StreamHandlers } from "./run/providers/model-provider";
export { AnthropicProvider } from "./run/providers/anthropic-provider";
export { OpenAICompatibleProvider, type OpenAICompatibleOptions, type ListedModel } from "./run/providers/openai-provider";
export {
  ModelKeyRefusedError,
  ModelOverloadedError,
  ModelServerUnreachableError,
  ModelTimeoutError,
  ModelWithoutToolsError,
  UnsupportedAttachmentError,
} from "./run/providers/provider-errors";
export { AttachmentUnavailableError, type AttachmentResolver } from "./run/message-builder";
export { branchState, type BranchOptions } from "./state/branch";
export { Store, type Lease, type ListOptions, type MaybePromise, type StoredHead, type WriteOptions } from "./stores/store";
export type { HistoryPageRecord, PageOptions } from "./stores/history-page";
export { FileStore } from "./stores/file";
export {
  SqliteStore,
  DatabaseBusyError,
  MigrationFailedError,
  StoreClosedError,
  type SearchOptions,
  type SearchPage,
  type SearchResult,
  type SnippetMark,
  type SqliteStoreOptions,
  type SalvagedConversation,
} from "./stores/sqlite";
export {
  PostgresStore,
  PostgresMigrationError,
  PostgresPasswordMissingError,
  PostgresStoreClosedError,
  isMissingPassword,
  PostgresUnreachableError,
  type PostgresMigrationOutcome,
  type PostgresStoreOptions,
  type LiveLease,
  type StoreChange,
  type StoreWatch,
  type StoreWatchListener,
} from "./stores/postgres";
export {
  AgentError,
  BranchPointNotSavedError,
  InvalidStateIdError,
  LeaseLostError,
  RunAbortedError,
  SchemaTooNewError,
  SignalAbortError,
  StaleStateError,
  StateBusyError,
  StateExistsError,
  StateNotFoundError,
  StoreCorruptError,
  DamagedConversationError,
  StoreMismatchError,
  StoreOperationNotSupportedError,
  ToolInputError,
  addErrorNote,
} from "./errors";
export { ResumeWarning } from "./state/resume-warning";
export { abortOnSignals, type AbortOnSignalsOptions, type SignalAbort } from "./run/signals";
export { askPerson, isPersonAsk, type AskPersonOptions, type PersonAsk } from "./tools/ask-person";
export { toolResult, isToolResult, type ToolImageMediaType, type ToolResultBlock, type ToolResultOptions, type ToolResultValue } from "./tools/tool-result";
export { defineTool, ASK_TOOL, FINISH_TOOL, type JsonSchema, type Tool, type ToolContext } from "./tools/tool";
export type { OnStepEvent, StepEvent, StepEventType } from "./run/events";
export type { SavePoint } from "./state/saver";
export {
  UNKNOWN_RESULT_TEXT,
  abortedResultText,
  type AssistantEntry,
  type AttachmentRef,
  type CompactionEntry,
  type ContentBlock,
  type EntryKind,
  type EntryRecord,
  type ErrorEntry,
  type HistoryEntry,
  type NoticeEntry,
  type ToolCallStatus,
  type ToolResultEntry,
  type Usage,
  type UserEntry,
} from "./state/history";
export type { AgentFingerprint, AnsweredAsk, BranchPoint, ConversationInfo, PendingAsk, SavedStateInfo, Snapshot, StoppedBy, StoredRecord } from "./state/snapshot";
export { SNAPSHOT_VERSION, conversationIdOf, lastSeenAt, savedStateInfoOf } from "./state/snapshot";
export { withoutDecisions } from "./state/imported";
// Owner-only, crash-safe file helpers the library uses itself, offered to the app so that there is one of each.
export { writeFileAtomic, writeFileAtomicSync, type AtomicWriteOptions } from "./platform/atomic-file";
export { ensurePrivateFolder, FILE_MODE, FOLDER_MODE } from "./platform/owner-only";
export { isProcessAlive } from "./platform/process-alive";
