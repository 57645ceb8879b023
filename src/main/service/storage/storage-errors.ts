/** Errors of the storage settings and of moving conversations between this computer and a server. */
import { ServiceError } from "../service-errors";

/** The server could not be used: what went wrong (password, address, TLS) and what to do. Nothing was changed. */
export class StorageConnectionError extends ServiceError {}

/** A storage setting that cannot be used as given (a connection string that is not one, a missing CA file). */
export class InvalidStorageSettingError extends ServiceError {}

/** A move or a switch asked for while runs are going, or while another move is. */
export class StorageBusyError extends ServiceError {}

/** A conversation runs on another machine now: it can be run here once that run ends or its lease expires. */
export class RunningElsewhereError extends ServiceError {
  constructor(readonly conversationId: string, readonly holder: string) {
    super(`This conversation is running on another machine (${holder}). It can be continued here once that run ends, or within seconds if that machine stopped.`);
  }
}
