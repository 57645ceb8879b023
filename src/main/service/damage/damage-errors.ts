/** Errors of what can be done with a damaged conversation. */
import { ServiceError } from "../service-errors";

/** No row of the database is listed with this id. */
export class DamagedRowNotFoundError extends ServiceError {
  constructor(readonly listedId: string) {
    super(`No conversation is listed as ${JSON.stringify(listedId)} any more. Reload the list and try again.`);
  }
}

/** Restoring needs a backup copy, and there is none. */
export class NoDatabaseBackupError extends ServiceError {
  constructor(readonly folder: string) {
    super(
      `There is no backup copy of the database in ${folder} (one is taken before each upgrade of the database), ` +
        "so the conversation cannot be restored. Export what is still readable, or delete it.",
    );
  }
}

/** The latest backup copy does not hold the conversation (it is newer than the copy). */
export class NotInBackupError extends ServiceError {
  constructor(readonly listedId: string, readonly backup: string) {
    super(
      `The latest backup copy (${backup}) does not hold the conversation listed as ${JSON.stringify(listedId)}: ` +
        "it was started after that copy was taken. Export what is still readable instead.",
    );
  }
}
