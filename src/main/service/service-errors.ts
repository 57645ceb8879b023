/**
 * Errors of the app's service layer, one class per cause. Each message says what
 * happened and what the person (or the window's code) can do about it; the window
 * receives `name` and `message` as they are.
 */

export class ServiceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Work asked of a service that is shutting down (the app is quitting). */
export class ServiceShuttingDownError extends ServiceError {
  constructor() {
    super("Alpine is shutting down, so this request was not carried out. It will be available again after the next start.");
  }
}

/** The reason a run stopped by the Stop button is aborted with: tool calls read "(aborted: StoppedByPersonError)". */
export class StoppedByPersonError extends ServiceError {
  constructor() {
    super("The person pressed Stop.");
  }
}

/** A run without an API key: nothing was sent to the model. */
export class MissingApiKeyError extends ServiceError {
  constructor() {
    super("No API key is set yet. Add your Anthropic API key in Settings: your message is kept and sent as soon as the key is set.");
  }
}

/** One run per conversation: a second one was asked for while the first still goes. */
export class RunInProgressError extends ServiceError {
  constructor(readonly conversationId: string) {
    super(`Conversation "${conversationId}" is running now. Wait for the reply, or press Stop, then try again.`);
  }
}

export class ConversationNotFoundError extends ServiceError {
  constructor(readonly conversationId: string) {
    super(`There is no conversation "${conversationId}". It may have been deleted; pick another one from the list.`);
  }
}

/** A conversation whose saved record cannot be loaded; the others still work. */
export class ConversationUnreadableError extends ServiceError {
  constructor(readonly conversationId: string, detail: string, options?: { cause?: unknown }) {
    super(`Conversation "${conversationId}" cannot be opened: ${detail}`, options);
  }
}

/** `runs:answer` on a conversation that has no open question. */
export class NoPendingQuestionError extends ServiceError {
  constructor(readonly conversationId: string) {
    super(`Conversation "${conversationId}" has no open question to answer. Send a message instead.`);
  }
}

/** `runs:continue` on a conversation whose last run ended by itself. */
export class NothingToContinueError extends ServiceError {
  constructor(readonly conversationId: string) {
    super(`Conversation "${conversationId}" was not interrupted, so there is nothing to continue. Send a message instead.`);
  }
}

/** A settings value that cannot be used (e.g. a folder that does not exist). */
export class InvalidSettingError extends ServiceError {}

/** A request whose channel is unknown or whose arguments do not match the contract. */
export class InvalidRequestError extends ServiceError {}

/** A settings file of the data folder that cannot be used as it is; it is left in place. */
export class SettingsFileError extends ServiceError {}

/** A versioned file that exists but cannot be read (permissions, a folder in its place); it is left in place. */
export class FileUnreadableError extends SettingsFileError {
  constructor(what: string, readonly file: string, cause: unknown) {
    super(`The ${what} ${file} cannot be read (${(cause as Error).message}).`, { cause });
  }
}

/** A change asked of a file written by a newer Alpine: refused, and the file left as it is. */
export class NewerFileVersionError extends SettingsFileError {
  constructor(what: string, readonly file: string, readonly version: number, readonly readsVersion: number) {
    super(
      `${what[0].toUpperCase()}${what.slice(1)} cannot be changed: ${file} was written by a newer version of Alpine (${what} version ${version}, ` +
        `this one reads ${readsVersion}) and is left unchanged. Update Alpine to change ${what}.`,
    );
  }
}

/** The API key could not be kept (e.g. the system keychain is unavailable). */
export class SecretStorageError extends ServiceError {}

/** An edit, regenerate or branch asked for at a point of the conversation where it cannot be made. */
export class BranchPointError extends ServiceError {
  constructor(readonly conversationId: string, readonly seq: number, reason: string) {
    super(`Conversation "${conversationId}" cannot branch at message ${seq}: ${reason}.`);
  }
}

/** "Restart and install" without a downloaded update, or while one is being installed. */
export class UpdateNotReadyError extends ServiceError {}
