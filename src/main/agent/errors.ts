/**
 * Error classes, one per cause, each with an actionable message.
 * Errors from the model client (RateLimitError, OverloadedError, ...) are the SDK's own
 * classes and pass through unchanged.
 */

/** Base of the library's own errors; `name` is the class name. */
export class AgentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A State id that is not 1 to 128 ASCII letters, digits, `_` or `-`. */
export class InvalidStateIdError extends AgentError {
  constructor(readonly id: unknown) {
    super(
      `Invalid State id ${JSON.stringify(String(id)).slice(0, 160)}: an id has 1 to 128 characters, ` +
        "each an ASCII letter, digit, '_' or '-'.",
    );
  }
}

/** A new State whose id the store already has (the seed's ValueError). */
export class StateExistsError extends AgentError {
  constructor(readonly stateId: string) {
    super(
      `A State with id "${stateId}" is already saved in this store. ` +
        `Continue it with store.load("${stateId}"), or choose another id.`,
    );
  }
}

/** `store.load(id)` of an id the store does not have. */
export class StateNotFoundError extends AgentError {
  constructor(readonly stateId: string) {
    super(`No State with id "${stateId}" is saved in this store. store.list() shows the saved ones.`);
  }
}

/** A State saved in one store, run or saved with an Agent whose store is another one. */
export class StoreMismatchError extends AgentError {
  constructor(readonly stateId: string, savedIn: string, agentStore: string) {
    super(
      `State "${stateId}" is saved in ${savedIn}, but this Agent's store is ${agentStore}. ` +
        "A State is saved in one store: run it with an Agent on that store.",
    );
  }
}

/** Another runner (this process or another) is running the State right now. */
export class StateBusyError extends AgentError {
  constructor(readonly stateId: string, readonly holder: string) {
    super(
      `State "${stateId}" is being run by ${holder}. One runner at a time runs a State: ` +
        "wait for that run to end (or stop it), then run it again.",
    );
  }
}

/**
 * A runner's lease was taken over by another runner (this one stalled past its expiry: a
 * process paused, a machine asleep or cut off), or removed. The fenced runner writes nothing
 * more: each of its saves checks the lease in its own transaction.
 */
export class LeaseLostError extends AgentError {
  constructor(readonly stateId: string, readonly holder: string) {
    super(
      `This run lost its lease on State "${stateId}": ${holder}. It stopped without saving anything more, ` +
        "so nothing it did after losing the lease was written. " +
        `Load the State again with store.load("${stateId}") to see what the other runner saved, then continue it.`,
    );
  }
}

/** A copy of a State that another runner has moved on from since it was loaded or saved. */
export class StaleStateError extends AgentError {
  constructor(readonly stateId: string) {
    super(
      `State "${stateId}" was changed in the store after this copy of it was loaded or saved (another run went on). ` +
        `Load it again with store.load("${stateId}") and continue that copy.`,
    );
  }
}

/** A stored file or database that cannot be read: garbled, truncated or not ours. */
export class StoreCorruptError extends AgentError {
  constructor(readonly path: string, detail: string, options?: { cause?: unknown }) {
    super(`The saved data at ${path} cannot be read (${detail}). It was left unchanged; restore it from a backup or move it aside.`, options);
  }
}

/**
 * One conversation's stored rows fail their check (a checksum, a count, a lookup): the
 * store's file is damaged there. Names the file and the conversation; nothing was changed.
 */
export class DamagedConversationError extends StoreCorruptError {
  constructor(path: string, readonly stateId: string, readonly damage: string, options?: { cause?: unknown }) {
    super(path, `conversation ${JSON.stringify(stateId)} is damaged: ${damage}`, options);
  }
}

/** Data written by a newer version of Alpine than this one. Never modified. */
export class SchemaTooNewError extends AgentError {
  constructor(readonly path: string, readonly found: number, readonly supported: number) {
    super(
      `${path} has schema version ${found}, newer than the ${supported} this version of Alpine reads. ` +
        "It was left unchanged: update Alpine to open it.",
    );
  }
}

/** A store that does not implement an optional operation (list, delete). */
export class StoreOperationNotSupportedError extends AgentError {
  constructor(operation: string, storeName: string) {
    super(`${storeName} does not implement ${operation}(). Implement it in your Store subclass to use it.`);
  }
}

/** A tool call whose input does not match the tool's schema (sent back to the model as an error result). */
export class ToolInputError extends AgentError {
  constructor(readonly toolName: string, detail: string) {
    super(`The input of ${toolName} does not match its schema:\n${detail}`);
  }
}

/** A run was stopped by SIGTERM or SIGINT through `abortOnSignals`. */
export class SignalAbortError extends AgentError {
  readonly exitCode: number;
  constructor(readonly signal: NodeJS.Signals) {
    super(`The run was stopped by ${signal}.`);
    this.exitCode = 128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1);
  }
}

/** The run was aborted through its AbortSignal without an Error reason. */
export class RunAbortedError extends AgentError {
  constructor(reason?: unknown) {
    super(`The run was aborted${reason === undefined ? "" : `: ${String(reason)}`}.`);
  }
}

/**
 * Attach a note to an error the way Python's add_note does: kept in `notes`,
 * and visible in the message and stack.
 */
export function addErrorNote(error: unknown, note: string): void {
  if (!(error instanceof Error)) return;
  const withNotes = error as Error & { notes?: string[] };
  withNotes.notes = [...(withNotes.notes ?? []), note];
  try {
    error.message = `${error.message}\n${note}`;
    if (typeof error.stack === "string") error.stack = `${error.stack}\n${note}`;
  } catch {
    // A frozen error keeps its note in `notes` only.
  }
}

/** A branch asked for at a point of history its store does not hold yet (or outside the history). */
export class BranchPointNotSavedError extends AgentError {
  constructor(readonly stateId: string, readonly seq: number, readonly saved: number) {
    super(
      `State "${stateId}" cannot be branched after seq ${seq}: only entries 0 to ${saved - 1} are saved. ` +
        "Save the State first (agent.save(state)), and branch at a seq of its history.",
    );
  }
}
